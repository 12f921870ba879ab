CREATE TYPE "public"."fit_answer" AS ENUM('runs_small', 'true_to_size', 'runs_large');--> statement-breakpoint
CREATE TYPE "public"."return_line_status" AS ENUM('pending', 'refunded', 'exchanged', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."return_outcome" AS ENUM('refund', 'exchange');--> statement-breakpoint
CREATE TYPE "public"."return_reason" AS ENUM('too_small', 'too_large', 'not_as_pictured', 'faulty', 'changed_mind', 'other');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'received', 'done');--> statement-breakpoint
ALTER TYPE "public"."stock_reason" ADD VALUE 'return';--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" "return_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"outcome" "return_outcome" NOT NULL,
	"exchange_variant_id" uuid,
	"exchange_size" text,
	"exchange_colour" text,
	"exchange_hold_id" uuid,
	"status" "return_line_status" DEFAULT 'pending' NOT NULL,
	"refunded_cents" integer,
	"refund_id" uuid,
	"damaged" boolean DEFAULT false NOT NULL,
	"reject_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "return_lines_quantity_range" CHECK ("return_lines"."quantity" BETWEEN 1 AND 99),
	CONSTRAINT "return_lines_refunded_non_negative" CHECK ("return_lines"."refunded_cents" IS NULL OR "return_lines"."refunded_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "size_bought" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "fit" "fit_answer";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_exchange_variant_id_product_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_return_id_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_item_id_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_lines_exchange_variant_id_idx" ON "return_lines" USING btree ("exchange_variant_id");--> statement-breakpoint
CREATE INDEX "return_lines_refund_id_idx" ON "return_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "return_lines_decided_by_idx" ON "return_lines" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "returns_order_id_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_user_id_idx" ON "returns" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "returns_status_created_at_idx" ON "returns" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_created_at_idx" ON "returns" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Orders already on their way count their return window from when they were last changed.
UPDATE "orders" SET "fulfilled_at" = "updated_at" WHERE "status" IN ('shipped', 'completed');--> statement-breakpoint
-- A review is verified when its author had a paid order for the product.
UPDATE "reviews" r SET "verified" = true
WHERE r."user_id" IS NOT NULL AND EXISTS (
	SELECT 1 FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
	WHERE i."product_id" = r."product_id" AND o."user_id" = r."user_id"
		AND o."status"::text <> 'cancelled' AND o."created_at" <= r."created_at"
);
