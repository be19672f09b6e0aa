CREATE TABLE "vps_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vps_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sealed_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vps_machines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vps_machines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"credential_id" integer,
	"provider" varchar(32) NOT NULL,
	"region" varchar(64) NOT NULL,
	"plan" varchar(64) NOT NULL,
	"machine_id" varchar(64),
	"ssh_key_id" varchar(64),
	"state" varchar(16) DEFAULT 'creating' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "vps_provider" varchar(32);--> statement-breakpoint
ALTER TABLE "vps_credentials" ADD CONSTRAINT "vps_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_machines" ADD CONSTRAINT "vps_machines_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_machines" ADD CONSTRAINT "vps_machines_credential_id_vps_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."vps_credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vps_credentials_user_name" ON "vps_credentials" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vps_machines_server" ON "vps_machines" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "vps_machines_credential" ON "vps_machines" USING btree ("credential_id");