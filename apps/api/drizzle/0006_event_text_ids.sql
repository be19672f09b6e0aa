ALTER TABLE "events" ADD COLUMN "description_id" varchar(64);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "description_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "error_id" varchar(64);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "error_values" jsonb DEFAULT '{}'::jsonb NOT NULL;