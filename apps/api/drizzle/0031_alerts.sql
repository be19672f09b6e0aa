CREATE TABLE "alert_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"team_id" integer,
	"type" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"target" varchar(255) NOT NULL,
	"sealed_config" text NOT NULL,
	"alert_types" jsonb NOT NULL,
	"link_code_hash" varchar(64),
	"link_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_incidents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" varchar(191) NOT NULL,
	"type" varchar(64) NOT NULL,
	"subject" jsonb NOT NULL,
	"server_id" integer,
	"facts" jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_login_addresses" (
	"user_id" integer NOT NULL,
	"address_hash" varchar(64) NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_notices" (
	"key" varchar(191) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_incidents" ADD CONSTRAINT "alert_incidents_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_login_addresses" ADD CONSTRAINT "alert_login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_channels_user" ON "alert_channels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_channels_team" ON "alert_channels" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channels_link_code" ON "alert_channels" USING btree ("link_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_incidents_open_key" ON "alert_incidents" USING btree ("key") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_login_addresses_user_address" ON "alert_login_addresses" USING btree ("user_id","address_hash");