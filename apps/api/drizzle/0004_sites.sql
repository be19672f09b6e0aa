CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"certificate" text,
	"sealed_private_key" text,
	"csr" text,
	"last_error" text,
	"expires_at" timestamp with time zone,
	"event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "databases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "databases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"site_id" integer,
	"type" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"username" varchar(32) NOT NULL,
	"sealed_password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deployments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"event_id" integer,
	"user_id" integer,
	"trigger" varchar(16) NOT NULL,
	"release" varchar(64) NOT NULL,
	"branch" varchar(255),
	"commit" varchar(64),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_commands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"event_id" integer,
	"user_id" integer,
	"command" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"site_id" integer,
	"user_id" integer,
	"name" varchar(253) NOT NULL,
	"display_name" varchar(255),
	"linux_user" varchar(32) NOT NULL,
	"isolated" boolean DEFAULT false NOT NULL,
	"directory" varchar(255) DEFAULT '/' NOT NULL,
	"php_version" varchar(8),
	"proxy_port" integer,
	"wildcard" boolean DEFAULT false NOT NULL,
	"web_server" varchar(16) DEFAULT 'nginx' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'creating' NOT NULL,
	"code_type" varchar(32),
	"lockdown" boolean DEFAULT false NOT NULL,
	"bindings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"telegram_notification" boolean DEFAULT true NOT NULL,
	"certificate_id" integer,
	"sealed_renew_token" text,
	"repository" varchar(512),
	"branch" varchar(255),
	"deploy_script" text,
	"sealed_environment" text,
	"deploy_public_key" text,
	"sealed_deploy_key" text,
	"sealed_deploy_token" text,
	"auto_deploy" boolean DEFAULT false NOT NULL,
	"current_release" varchar(64),
	"create_event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "databases" ADD CONSTRAINT "databases_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "databases" ADD CONSTRAINT "databases_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_commands" ADD CONSTRAINT "site_commands_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_commands" ADD CONSTRAINT "site_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_site" ON "certificates" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "databases_server_type_name" ON "databases" USING btree ("server_id","type","name");--> statement-breakpoint
CREATE INDEX "deployments_site" ON "deployments" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "site_commands_site" ON "site_commands" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_server_name" ON "sites" USING btree ("server_id","name");--> statement-breakpoint
CREATE INDEX "sites_parent" ON "sites" USING btree ("site_id");