CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" varchar(64) NOT NULL,
	"description" varchar(255) NOT NULL,
	"user_id" integer,
	"server_id" integer,
	"site_id" integer,
	"model_id" integer,
	"model_type" varchar(64),
	"status" varchar(32) DEFAULT 'PENDING' NOT NULL,
	"is_finished" boolean DEFAULT false NOT NULL,
	"mutating" boolean DEFAULT true NOT NULL,
	"recipe_id" varchar(64),
	"sealed_input" text,
	"start_step_id" varchar(64),
	"current_step_id" varchar(64),
	"output" text DEFAULT '' NOT NULL,
	"output_bytes" integer DEFAULT 0 NOT NULL,
	"output_truncated" boolean DEFAULT false NOT NULL,
	"error_reason" text,
	"queue_job_id" varchar(64),
	"lease_owner" varchar(64),
	"lease_expires_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "servers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"ip" varchar(45) NOT NULL,
	"port" integer DEFAULT 22 NOT NULL,
	"ssh_user" varchar(32) DEFAULT 'root' NOT NULL,
	"sealed_private_key" text,
	"sealed_password" text,
	"host_key_fingerprint" varchar(100),
	"status" varchar(32) DEFAULT 'PENDING' NOT NULL,
	"installed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ip_address" varchar(45),
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_user_created" ON "events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "events_server_created" ON "events" USING btree ("server_id","created_at");--> statement-breakpoint
CREATE INDEX "events_running_lease" ON "events" USING btree ("lease_expires_at") WHERE "events"."status" = 'RUNNING';--> statement-breakpoint
CREATE UNIQUE INDEX "events_one_running_per_server" ON "events" USING btree ("server_id") WHERE "events"."status" = 'RUNNING' and "events"."mutating";