CREATE TABLE "idempotency_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"caller" varchar(32) NOT NULL,
	"method" varchar(8) NOT NULL,
	"route" varchar(255) NOT NULL,
	"key" varchar(255) NOT NULL,
	"body_hash" varchar(64) NOT NULL,
	"status" integer,
	"content_type" varchar(128),
	"body" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "team_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_call" ON "idempotency_keys" USING btree ("caller","method","route","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_team" ON "api_tokens" USING btree ("team_id");