CREATE TABLE "partner_customers" (
	"partner_user_id" integer NOT NULL,
	"customer_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_customers_partner_user_id_customer_user_id_pk" PRIMARY KEY("partner_user_id","customer_user_id")
);
--> statement-breakpoint
ALTER TABLE "partner_customers" ADD CONSTRAINT "partner_customers_partner_user_id_users_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_customers" ADD CONSTRAINT "partner_customers_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;