CREATE TABLE "server_metrics" (
	"server_id" integer NOT NULL,
	"resolution" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" double precision NOT NULL,
	"memory_used" bigint NOT NULL,
	"memory_total" bigint NOT NULL,
	"disks" jsonb NOT NULL,
	"load_1" double precision NOT NULL,
	"load_5" double precision NOT NULL,
	"load_15" double precision NOT NULL,
	"network_rx" double precision NOT NULL,
	"network_tx" double precision NOT NULL,
	CONSTRAINT "server_metrics_server_id_resolution_at_pk" PRIMARY KEY("server_id","resolution","at")
);
--> statement-breakpoint
CREATE TABLE "server_monitoring" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"alerts_enabled" boolean DEFAULT true NOT NULL,
	"disk_percent" smallint DEFAULT 90 NOT NULL,
	"cpu_percent" smallint DEFAULT 90 NOT NULL,
	"memory_percent" smallint DEFAULT 90 NOT NULL,
	"consecutive_samples" smallint DEFAULT 5 NOT NULL,
	"last_sample_at" timestamp with time zone,
	"cpu_over" integer DEFAULT 0 NOT NULL,
	"memory_over" integer DEFAULT 0 NOT NULL,
	"open_incidents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"source" varchar(8)
);
--> statement-breakpoint
ALTER TABLE "server_metrics" ADD CONSTRAINT "server_metrics_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_monitoring" ADD CONSTRAINT "server_monitoring_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;