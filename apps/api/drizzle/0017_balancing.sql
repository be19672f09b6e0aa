CREATE TABLE "site_balancers" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"method" varchar(16) DEFAULT 'round_robin' NOT NULL,
	"max_fails" integer DEFAULT 3 NOT NULL,
	"fail_timeout" integer DEFAULT 10 NOT NULL,
	"nodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"applied_server_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_balancers" ADD CONSTRAINT "site_balancers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;