ALTER TABLE "servers" ADD COLUMN "php_cli" varchar(8);--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "php_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;