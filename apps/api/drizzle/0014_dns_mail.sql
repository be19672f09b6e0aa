CREATE TABLE "dns_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dns_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sealed_token" text,
	"account" varchar(128),
	"server_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "free_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hostname" varchar(253) NOT NULL,
	"zone" varchar(253) NOT NULL,
	"credential_id" integer,
	"record_id" varchar(128),
	"site_id" integer,
	"server_id" integer,
	"address" varchar(45) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dns_credentials" ADD CONSTRAINT "dns_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_credentials" ADD CONSTRAINT "dns_credentials_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_domains" ADD CONSTRAINT "free_domains_credential_id_dns_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."dns_credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_domains" ADD CONSTRAINT "free_domains_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_domains" ADD CONSTRAINT "free_domains_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dns_credentials_user_name" ON "dns_credentials" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "free_domains_hostname" ON "free_domains" USING btree ("hostname");--> statement-breakpoint
CREATE INDEX "free_domains_expires_at" ON "free_domains" USING btree ("status","expires_at");