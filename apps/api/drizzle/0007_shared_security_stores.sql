CREATE TABLE "rate_limit_counters" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_terminal_tokens" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets" ON "rate_limit_counters" USING btree ("resets_at");--> statement-breakpoint
CREATE INDEX "used_terminal_tokens_expires" ON "used_terminal_tokens" USING btree ("expires_at");