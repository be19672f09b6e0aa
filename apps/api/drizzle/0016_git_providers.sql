CREATE TABLE "git_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "git_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"account_id" varchar(64) NOT NULL,
	"account_name" varchar(255) NOT NULL,
	"sealed_access_token" text NOT NULL,
	"sealed_refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"scopes" varchar(512),
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_oauth_states" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" varchar(64) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "git_connections" ADD CONSTRAINT "git_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_oauth_states" ADD CONSTRAINT "git_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "git_connections_user_provider" ON "git_connections" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "git_oauth_states_expires_at" ON "git_oauth_states" USING btree ("expires_at");