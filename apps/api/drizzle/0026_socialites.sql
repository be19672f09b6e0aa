CREATE TABLE "social_auth_states" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"user_id" integer,
	"session_id" varchar(64),
	"sealed_verifier" text NOT NULL,
	"sealed_nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socialites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_user_id" varchar(255) NOT NULL,
	"email" varchar(255),
	"account_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_auth_states" ADD CONSTRAINT "social_auth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "socialites" ADD CONSTRAINT "socialites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_auth_states_expires_at" ON "social_auth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "socialites_provider_account_unique" ON "socialites" USING btree ("provider","provider_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "socialites_user_provider_unique" ON "socialites" USING btree ("user_id","provider");