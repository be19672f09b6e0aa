CREATE TABLE "backup_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"drive_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'creating' NOT NULL,
	"period" varchar(16) DEFAULT 'daily' NOT NULL,
	"run_at" varchar(5) DEFAULT '02:00' NOT NULL,
	"excludes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cycle" jsonb NOT NULL,
	"verify" varchar(16) DEFAULT 'weekly' NOT NULL,
	"site_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"database_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sealed_repository_password" text NOT NULL,
	"alert" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_drives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_drives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_secret" text,
	"public_key" text,
	"target_server_id" integer,
	"checked_at" timestamp with time zone,
	"check_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"config_id" integer,
	"server_id" integer NOT NULL,
	"event_id" integer,
	"trigger" varchar(16) NOT NULL,
	"state" varchar(16) NOT NULL,
	"snapshot_id" varchar(64),
	"size_bytes" bigint,
	"duration_ms" bigint,
	"files" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backup_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"config_id" integer NOT NULL,
	"snapshot_id" varchar(64),
	"ok" boolean NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_id" integer
);
--> statement-breakpoint
CREATE TABLE "server_backup_tokens" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_configs" ADD CONSTRAINT "backup_configs_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_configs" ADD CONSTRAINT "backup_configs_drive_id_backup_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."backup_drives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_drives" ADD CONSTRAINT "backup_drives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_drives" ADD CONSTRAINT "backup_drives_target_server_id_servers_id_fk" FOREIGN KEY ("target_server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_histories" ADD CONSTRAINT "backup_histories_config_id_backup_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."backup_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_histories" ADD CONSTRAINT "backup_histories_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_histories" ADD CONSTRAINT "backup_histories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_verifications" ADD CONSTRAINT "backup_verifications_config_id_backup_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."backup_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_verifications" ADD CONSTRAINT "backup_verifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_backup_tokens" ADD CONSTRAINT "server_backup_tokens_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_configs_server_id" ON "backup_configs" USING btree ("server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_configs_server_drive" ON "backup_configs" USING btree ("server_id","drive_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_drives_user_name" ON "backup_drives" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "backup_histories_server_started" ON "backup_histories" USING btree ("server_id","started_at");--> statement-breakpoint
CREATE INDEX "backup_histories_config_started" ON "backup_histories" USING btree ("config_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_histories_config_run" ON "backup_histories" USING btree ("config_id","trigger","started_at") WHERE "backup_histories"."trigger" <> 'manual';--> statement-breakpoint
CREATE INDEX "backup_verifications_config_checked" ON "backup_verifications" USING btree ("config_id","checked_at");