CREATE TABLE "order_month_totals" (
	"month" date PRIMARY KEY NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_email_lower_created_at_idx" ON "orders" USING btree (lower("email"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Shop totals kept as rows change, so admin stats and the catalogue's total read a few rows instead of
-- counting 100,000. Statement triggers see each statement's rows at once (a bulk insert costs one update);
-- the totals row is locked until commit, so concurrent writers of one table queue for a moment there.
CREATE FUNCTION "table_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "table_counts" ("table_name", "total") SELECT TG_TABLE_NAME, count(*) FROM "changed_rows"
    ON CONFLICT ("table_name") DO UPDATE SET "total" = "table_counts"."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "table_counts" ("table_name", "total") SELECT TG_TABLE_NAME, -count(*) FROM "changed_rows"
    ON CONFLICT ("table_name") DO UPDATE SET "total" = "table_counts"."total" + excluded."total";
  ELSE
    INSERT INTO "table_counts" ("table_name", "total") VALUES (TG_TABLE_NAME, 0)
    ON CONFLICT ("table_name") DO UPDATE SET "total" = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_count_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_count_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_count_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "reviews_count_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "reviews_count_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "reviews_count_truncate" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "table_counts_apply"();--> statement-breakpoint
-- Each order counts in the UTC month it was created in. Months are locked in date order, so two bulk
-- writes spanning the same months cannot deadlock; an update that moves no money (a status change) locks nothing.
CREATE FUNCTION "order_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "order_month_totals";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "order_month_totals" AS t ("month", "orders", "amount_cents")
    SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, count(*), sum("amount_cents")
    FROM "new_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("month") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "order_month_totals" AS t ("month", "orders", "amount_cents")
    SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, -count(*), -sum("amount_cents")
    FROM "old_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("month") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  ELSE
    INSERT INTO "order_month_totals" AS t ("month", "orders", "amount_cents")
    SELECT "month", sum("n"), sum("cents") FROM (
      SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS "month", -1 AS "n", -"amount_cents" AS "cents" FROM "old_orders"
      UNION ALL
      SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, 1, "amount_cents" FROM "new_orders"
    ) AS "moves" GROUP BY 1 HAVING sum("n") <> 0 OR sum("cents") <> 0 ORDER BY 1
    ON CONFLICT ("month") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_month_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_month_totals_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_month_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_month_totals_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_apply"();--> statement-breakpoint
-- The totals of what is already there.
INSERT INTO "table_counts" ("table_name", "total")
SELECT 'products', count(*) FROM "products" UNION ALL
SELECT 'reviews', count(*) FROM "reviews" UNION ALL
SELECT 'users', count(*) FROM "users";--> statement-breakpoint
INSERT INTO "order_month_totals" ("month", "orders", "amount_cents")
SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, count(*), sum("amount_cents") FROM "orders" GROUP BY 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_category_color_created_at_idx" ON "products" USING btree ("category","color","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price_cents");
