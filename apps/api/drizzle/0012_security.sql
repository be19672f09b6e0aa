CREATE TABLE "user_ssh_key_placements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_ssh_key_placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key_id" integer NOT NULL,
	"server_id" integer NOT NULL,
	"linux_user" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ssh_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_ssh_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "ssh_key_github" text;--> statement-breakpoint
ALTER TABLE "user_ssh_key_placements" ADD CONSTRAINT "user_ssh_key_placements_key_id_user_ssh_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."user_ssh_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ssh_key_placements" ADD CONSTRAINT "user_ssh_key_placements_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ssh_keys" ADD CONSTRAINT "user_ssh_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_ssh_key_placements_unique" ON "user_ssh_key_placements" USING btree ("key_id","server_id","linux_user");--> statement-breakpoint
CREATE INDEX "user_ssh_key_placements_server" ON "user_ssh_key_placements" USING btree ("server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_ssh_keys_user_fingerprint" ON "user_ssh_keys" USING btree ("user_id","fingerprint");