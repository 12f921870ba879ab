CREATE TYPE "public"."back_in_stock_status" AS ENUM('unconfirmed', 'waiting', 'notified', 'unsubscribed');--> statement-breakpoint
CREATE TABLE "email_confirmation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_confirmation_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"token_hash" text NOT NULL,
	"status" "back_in_stock_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "back_in_stock_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"color" "color",
	"size" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_saved_once_key" UNIQUE NULLS NOT DISTINCT("user_id","product_id","color","size")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD CONSTRAINT "email_confirmation_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmation_tokens_user_id_idx" ON "email_confirmation_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_open_key" ON "back_in_stock_requests" USING btree ("variant_id",lower("email")) WHERE "back_in_stock_requests"."status" IN ('unconfirmed', 'waiting');--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_waiting_idx" ON "back_in_stock_requests" USING btree ("variant_id","confirmed_at") WHERE "back_in_stock_requests"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_user_id_idx" ON "back_in_stock_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_product_id_idx" ON "wishlist_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_user_created_idx" ON "wishlist_items" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- A code's uses per customer are counted per e-mail from now on, so that a guest and an account with the
-- same e-mail are one customer: the accounts' counts move to their e-mails.
ALTER TABLE "discount_code_customers" ADD COLUMN "customer" text;--> statement-breakpoint
UPDATE "discount_code_customers" c SET "customer" = lower(u."email") FROM "users" u WHERE u."id" = c."user_id";--> statement-breakpoint
DELETE FROM "discount_code_customers" WHERE "customer" IS NULL;--> statement-breakpoint
ALTER TABLE "discount_code_customers" ALTER COLUMN "customer" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_customers" DROP CONSTRAINT "discount_code_customers_code_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "discount_code_customers" ADD CONSTRAINT "discount_code_customers_code_id_customer_pk" PRIMARY KEY("code_id","customer");--> statement-breakpoint
ALTER TABLE "discount_code_customers" DROP CONSTRAINT "discount_code_customers_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "discount_code_customers_user_id_idx";--> statement-breakpoint
ALTER TABLE "discount_code_customers" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "discount_code_holds" ADD COLUMN "customer" text;--> statement-breakpoint
UPDATE "discount_code_holds" h SET "customer" = lower(u."email") FROM "users" u WHERE u."id" = h."user_id";
