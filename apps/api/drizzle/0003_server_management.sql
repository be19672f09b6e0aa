ALTER TABLE "servers" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "connect_method" varchar(16) DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "provision" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "provision_event_id" integer;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "os_version" varchar(32);--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "default_linux_user" varchar(32) DEFAULT 'hostdeck' NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "default_php" varchar(8);--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "timezone" varchar(64);--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "protected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "is_vip" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "hotfix" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "agent_version" integer;