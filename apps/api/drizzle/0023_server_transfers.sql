CREATE TABLE "server_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"email" varchar(255) NOT NULL,
	"to_user_id" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '7 days' NOT NULL,
	"decided_at" timestamp with time zone,
	"report" jsonb,
	"rotation_status" varchar(16),
	"rotation_event_id" integer,
	"old_public_key" text,
	"new_public_key" text,
	"sealed_new_private_key" text
);
--> statement-breakpoint
ALTER TABLE "server_transfers" ADD CONSTRAINT "server_transfers_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_transfers" ADD CONSTRAINT "server_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_transfers" ADD CONSTRAINT "server_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_transfers" ADD CONSTRAINT "server_transfers_rotation_event_id_events_id_fk" FOREIGN KEY ("rotation_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_transfers_pending_server" ON "server_transfers" USING btree ("server_id") WHERE "server_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "server_transfers_from_user" ON "server_transfers" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "server_transfers_email" ON "server_transfers" USING btree (lower("email"));