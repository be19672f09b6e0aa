ALTER TABLE "custom_scripts" ADD COLUMN "approved_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "custom_scripts" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "custom_scripts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "custom_scripts" SET "approved_hash" = encode(sha256(convert_to("content", 'UTF8')), 'hex') WHERE "approved" = true;
