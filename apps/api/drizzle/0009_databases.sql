CREATE TABLE "database_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "database_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"name" varchar(32) NOT NULL,
	"host" varchar(64) DEFAULT '' NOT NULL,
	"sealed_password" text,
	"pending_sealed_password" text,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"managed" boolean DEFAULT true NOT NULL,
	"grants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "databases" ALTER COLUMN "username" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "databases" ADD COLUMN "status" varchar(16) DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "databases" ADD COLUMN "managed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "databases" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "databases" ADD COLUMN "owner" varchar(64);--> statement-breakpoint
ALTER TABLE "databases" ADD COLUMN "dumps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "databases" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "database_users" ADD CONSTRAINT "database_users_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "database_users_server_type_name_host" ON "database_users" USING btree ("server_id","type","name","host");