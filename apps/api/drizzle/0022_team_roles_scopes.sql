CREATE TABLE "team_member_scopes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_member_scopes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"server_id" integer NOT NULL,
	"site_id" integer
);
--> statement-breakpoint
CREATE TABLE "team_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"key" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "scoped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_member_scopes" ADD CONSTRAINT "team_member_scopes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_scopes" ADD CONSTRAINT "team_member_scopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_scopes" ADD CONSTRAINT "team_member_scopes_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_scopes" ADD CONSTRAINT "team_member_scopes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_roles" ADD CONSTRAINT "team_roles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_member_scopes_member" ON "team_member_scopes" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_roles_team_key" ON "team_roles" USING btree ("team_id","key");--> statement-breakpoint
-- Issue 22: the built-in role `editor` became `developer` (it used the shared servers: view and act).
UPDATE "team_members" SET "role" = 'developer' WHERE "role" = 'editor';--> statement-breakpoint
UPDATE "team_invitations" SET "role" = 'developer' WHERE "role" = 'editor';
