CREATE TABLE "audit_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"method" varchar(8) NOT NULL,
	"route" varchar(255) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"server_id" integer,
	"site_id" integer,
	"team_id" integer,
	"status" smallint NOT NULL,
	"ip_address" varchar(64),
	"user_agent" varchar(512),
	"event_id" integer
);
--> statement-breakpoint
CREATE INDEX "audit_logs_user" ON "audit_logs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_team" ON "audit_logs" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_server" ON "audit_logs" USING btree ("server_id","id");--> statement-breakpoint
-- Append-only (issue 22 point 4): the database itself refuses to change or remove an entry, whatever
-- code asks (PostgreSQL 15 and PGlite alike).
CREATE FUNCTION "audit_logs_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_refuse_change"();
