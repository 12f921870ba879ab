CREATE TYPE "public"."discount_kind" AS ENUM('percentage', 'fixed');--> statement-breakpoint
CREATE TABLE "discount_code_customers" (
	"code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	CONSTRAINT "discount_code_customers_code_id_user_id_pk" PRIMARY KEY("code_id","user_id"),
	CONSTRAINT "discount_code_customers_uses_range" CHECK ("discount_code_customers"."uses" >= 0 AND "discount_code_customers"."held" >= 0 AND ("discount_code_customers"."max_uses" IS NULL OR "discount_code_customers"."uses" + "discount_code_customers"."held" <= "discount_code_customers"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "discount_code_holds" (
	"hold_id" uuid PRIMARY KEY NOT NULL,
	"code_id" uuid NOT NULL,
	"user_id" uuid,
	"status" "reservation_status" DEFAULT 'active' NOT NULL,
	"discount_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"percent_off" smallint,
	"amount_off_cents" integer,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"category" "category",
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_value" CHECK (("discount_codes"."kind" = 'percentage' AND "discount_codes"."percent_off" BETWEEN 1 AND 100 AND "discount_codes"."amount_off_cents" IS NULL) OR ("discount_codes"."kind" = 'fixed' AND "discount_codes"."amount_off_cents" > 0 AND "discount_codes"."percent_off" IS NULL)),
	CONSTRAINT "discount_codes_min_order_non_negative" CHECK ("discount_codes"."min_order_cents" >= 0),
	CONSTRAINT "discount_codes_dates" CHECK ("discount_codes"."starts_at" IS NULL OR "discount_codes"."ends_at" IS NULL OR "discount_codes"."ends_at" > "discount_codes"."starts_at"),
	CONSTRAINT "discount_codes_limits_positive" CHECK (("discount_codes"."max_uses" IS NULL OR "discount_codes"."max_uses" > 0) AND ("discount_codes"."max_uses_per_customer" IS NULL OR "discount_codes"."max_uses_per_customer" > 0)),
	CONSTRAINT "discount_codes_uses_range" CHECK ("discount_codes"."uses" >= 0 AND "discount_codes"."held" >= 0 AND ("discount_codes"."max_uses" IS NULL OR "discount_codes"."uses" + "discount_codes"."held" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_amount_positive";--> statement-breakpoint
ALTER TABLE "builtin_payment_sessions" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "builtin_payment_sessions" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_customers" ADD CONSTRAINT "discount_code_customers_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_customers" ADD CONSTRAINT "discount_code_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_holds" ADD CONSTRAINT "discount_code_holds_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_holds" ADD CONSTRAINT "discount_code_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_code_customers_user_id_idx" ON "discount_code_customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "discount_code_holds_active_expires_at_idx" ON "discount_code_holds" USING btree ("expires_at") WHERE "discount_code_holds"."status" = 'active';--> statement-breakpoint
CREATE INDEX "discount_code_holds_code_id_idx" ON "discount_code_holds" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_codes_created_at_idx" ON "discount_codes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_amount_non_negative" CHECK ("checkout_sessions"."amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_discount_range" CHECK ("checkout_sessions"."discount_cents" >= 0 AND "checkout_sessions"."discount_cents" <= "checkout_sessions"."subtotal_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_range" CHECK ("orders"."discount_cents" >= 0 AND "orders"."discount_cents" <= "orders"."subtotal_cents");