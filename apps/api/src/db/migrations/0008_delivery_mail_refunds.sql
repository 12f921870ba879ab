CREATE TYPE "public"."refund_kind" AS ENUM('refund', 'cancellation');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'refunded';--> statement-breakpoint
CREATE TABLE "builtin_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "builtin_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "refund_kind" NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"restock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_refund_id" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sent_mails" (
	"event_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"message_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "builtin_payment_sessions" ADD COLUMN "items_total_cents" integer;--> statement-breakpoint
ALTER TABLE "builtin_payment_sessions" ADD COLUMN "prefill_address" jsonb;--> statement-breakpoint
ALTER TABLE "builtin_payment_sessions" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "builtin_payment_sessions" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "builtin_payment_sessions" ADD COLUMN "shipping_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "saved_address" jsonb;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refunds_order_id_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_range" CHECK ("orders"."refunded_cents" >= 0 AND "orders"."refunded_cents" <= "orders"."amount_cents");--> statement-breakpoint
-- Earnings are net of refunds: each order counts what the shop kept (its amount less what was given
-- back), in the month the order was made, so a refund moves its order's month by the refunded amount.
CREATE OR REPLACE FUNCTION "order_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "order_month_totals";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "order_month_totals" AS t ("month", "shard", "orders", "amount_cents")
    SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "own_shard", count(*), sum("amount_cents" - "refunded_cents")
    FROM "new_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("month", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "order_month_totals" AS t ("month", "shard", "orders", "amount_cents")
    SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "own_shard", -count(*), -sum("amount_cents" - "refunded_cents")
    FROM "old_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("month", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  ELSE
    INSERT INTO "order_month_totals" AS t ("month", "shard", "orders", "amount_cents")
    SELECT "month", "own_shard", sum("n"), sum("cents") FROM (
      SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS "month", -1 AS "n", -("amount_cents" - "refunded_cents") AS "cents" FROM "old_orders"
      UNION ALL
      SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, 1, "amount_cents" - "refunded_cents" FROM "new_orders"
    ) AS "moves" GROUP BY 1 HAVING sum("n") <> 0 OR sum("cents") <> 0 ORDER BY 1
    ON CONFLICT ("month", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN NULL;
END $$;
