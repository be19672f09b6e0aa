CREATE TABLE "private_network_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "private_network_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network_id" integer NOT NULL,
	"server_id" integer NOT NULL,
	"address" varchar(15) NOT NULL,
	"public_key" varchar(44),
	"status" varchar(16) DEFAULT 'joining' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_networks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "private_networks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"cidr" varchar(18) NOT NULL,
	"port" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wireguard_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wireguard_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"address" varchar(15) NOT NULL,
	"public_key" varchar(44) NOT NULL,
	"sealed_private_key" text NOT NULL,
	"sealed_preshared_key" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" varchar(16) DEFAULT 'creating' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "wireguard_port" integer;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "mtproxy_port" integer;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "sealed_mtproxy_secret" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "mtproxy_domain" varchar(253);--> statement-breakpoint
ALTER TABLE "private_network_members" ADD CONSTRAINT "private_network_members_network_id_private_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."private_networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_network_members" ADD CONSTRAINT "private_network_members_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_networks" ADD CONSTRAINT "private_networks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireguard_clients" ADD CONSTRAINT "wireguard_clients_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "private_network_members_network_server" ON "private_network_members" USING btree ("network_id","server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "private_network_members_network_address" ON "private_network_members" USING btree ("network_id","address");--> statement-breakpoint
CREATE INDEX "private_network_members_server" ON "private_network_members" USING btree ("server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "private_networks_user_name" ON "private_networks" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "wireguard_clients_server_name" ON "wireguard_clients" USING btree ("server_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "wireguard_clients_server_address" ON "wireguard_clients" USING btree ("server_id","address");