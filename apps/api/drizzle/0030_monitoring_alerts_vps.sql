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
CREATE TABLE "server_metrics" (
	"server_id" integer NOT NULL,
	"resolution" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" double precision NOT NULL,
	"memory_used" bigint NOT NULL,
	"memory_total" bigint NOT NULL,
	"disks" jsonb NOT NULL,
	"load_1" double precision NOT NULL,
	"load_5" double precision NOT NULL,
	"load_15" double precision NOT NULL,
	"network_rx" double precision NOT NULL,
	"network_tx" double precision NOT NULL,
	CONSTRAINT "server_metrics_server_id_resolution_at_pk" PRIMARY KEY("server_id","resolution","at")
);
--> statement-breakpoint
CREATE TABLE "server_monitoring" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"alerts_enabled" boolean DEFAULT true NOT NULL,
	"disk_percent" smallint DEFAULT 90 NOT NULL,
	"cpu_percent" smallint DEFAULT 90 NOT NULL,
	"memory_percent" smallint DEFAULT 90 NOT NULL,
	"consecutive_samples" smallint DEFAULT 5 NOT NULL,
	"last_sample_at" timestamp with time zone,
	"cpu_over" integer DEFAULT 0 NOT NULL,
	"memory_over" integer DEFAULT 0 NOT NULL,
	"open_incidents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"source" varchar(8)
);
--> statement-breakpoint
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
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_incidents" ADD CONSTRAINT "alert_incidents_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_login_addresses" ADD CONSTRAINT "alert_login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_metrics" ADD CONSTRAINT "server_metrics_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_monitoring" ADD CONSTRAINT "server_monitoring_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_credentials" ADD CONSTRAINT "vps_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_machines" ADD CONSTRAINT "vps_machines_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_machines" ADD CONSTRAINT "vps_machines_credential_id_vps_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."vps_credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_channels_user" ON "alert_channels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_channels_team" ON "alert_channels" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channels_link_code" ON "alert_channels" USING btree ("link_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_incidents_open_key" ON "alert_incidents" USING btree ("key") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_login_addresses_user_address" ON "alert_login_addresses" USING btree ("user_id","address_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "vps_credentials_user_name" ON "vps_credentials" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vps_machines_server" ON "vps_machines" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "vps_machines_credential" ON "vps_machines" USING btree ("credential_id");