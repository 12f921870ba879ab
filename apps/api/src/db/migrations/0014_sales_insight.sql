CREATE TYPE "public"."activity_kind" AS ENUM('product_view', 'add_to_cart', 'checkout_started');--> statement-breakpoint
CREATE TABLE "activity_day_counts" (
	"day" date NOT NULL,
	"kind" "activity_kind" NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_day_counts_day_kind_pk" PRIMARY KEY("day","kind")
);
--> statement-breakpoint
CREATE TABLE "order_day_totals" (
	"day" date NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_totals_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "product_day_totals" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"category" "category",
	"name" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_day_totals_day_product_id_shard_pk" PRIMARY KEY("day","product_id","shard")
);
--> statement-breakpoint
CREATE TABLE "search_miss_day_counts" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_miss_day_counts_day_term_pk" PRIMARY KEY("day","term"),
	CONSTRAINT "search_miss_day_counts_term_length" CHECK (char_length("search_miss_day_counts"."term") BETWEEN 1 AND 64)
);
--> statement-breakpoint
-- The sales insight's figures per UTC day, kept as orders and their lines are written, so a range of a
-- year reads a few hundred rows of money and orders instead of every order in it. Like the month totals
-- (0003, 0004) each database connection adds to its own shard, so concurrent checkouts of one day (or of
-- one product) do not queue for a row until the other commits; days and products are locked in order.
-- An order counts on the day it was made: what is refunded of it later comes off that day.
CREATE FUNCTION "order_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "order_day_totals";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "order_day_totals" AS t ("day", "shard", "orders", "amount_cents", "refunded_cents")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date, "own_shard", count(*), sum("amount_cents"), sum("refunded_cents")
    FROM "new_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders",
      "amount_cents" = t."amount_cents" + excluded."amount_cents", "refunded_cents" = t."refunded_cents" + excluded."refunded_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "order_day_totals" AS t ("day", "shard", "orders", "amount_cents", "refunded_cents")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date, "own_shard", -count(*), -sum("amount_cents"), -sum("refunded_cents")
    FROM "old_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders",
      "amount_cents" = t."amount_cents" + excluded."amount_cents", "refunded_cents" = t."refunded_cents" + excluded."refunded_cents";
  ELSE
    -- A status change moves nothing and writes nothing; a refund moves the order's day.
    INSERT INTO "order_day_totals" AS t ("day", "shard", "orders", "amount_cents", "refunded_cents")
    SELECT "day", "own_shard", sum("n"), sum("amount"), sum("refunded") FROM (
      SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "n", -"amount_cents" AS "amount", -"refunded_cents" AS "refunded" FROM "old_orders"
      UNION ALL
      SELECT ("created_at" AT TIME ZONE 'UTC')::date, 1, "amount_cents", "refunded_cents" FROM "new_orders"
    ) AS "moves" GROUP BY 1 HAVING sum("n") <> 0 OR sum("amount") <> 0 OR sum("refunded") <> 0 ORDER BY 1
    ON CONFLICT ("day", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders",
      "amount_cents" = t."amount_cents" + excluded."amount_cents", "refunded_cents" = t."refunded_cents" + excluded."refunded_cents";
    -- An order moved to another day (never by the shop itself) takes its lines' sales with it.
    INSERT INTO "product_day_totals" AS t ("day", "product_id", "shard", "category", "name", "units", "revenue_cents")
    SELECT "day", "product_id", "own_shard", max("category"), max("name"), sum("units"), sum("revenue") FROM (
      SELECT ("o"."created_at" AT TIME ZONE 'UTC')::date AS "day", "i"."product_id", "p"."category", "i"."name",
        -"i"."quantity" AS "units", -"i"."quantity"::bigint * "i"."unit_price_cents" AS "revenue"
      FROM "old_orders" "o" JOIN "new_orders" "n" ON "n"."id" = "o"."id"
      JOIN "order_items" "i" ON "i"."order_id" = "o"."id" LEFT JOIN "products" "p" ON "p"."id" = "i"."product_id"
      WHERE ("o"."created_at" AT TIME ZONE 'UTC')::date <> ("n"."created_at" AT TIME ZONE 'UTC')::date AND "i"."product_id" IS NOT NULL
      UNION ALL
      SELECT ("n"."created_at" AT TIME ZONE 'UTC')::date, "i"."product_id", "p"."category", "i"."name",
        "i"."quantity", "i"."quantity"::bigint * "i"."unit_price_cents"
      FROM "old_orders" "o" JOIN "new_orders" "n" ON "n"."id" = "o"."id"
      JOIN "order_items" "i" ON "i"."order_id" = "n"."id" LEFT JOIN "products" "p" ON "p"."id" = "i"."product_id"
      WHERE ("o"."created_at" AT TIME ZONE 'UTC')::date <> ("n"."created_at" AT TIME ZONE 'UTC')::date AND "i"."product_id" IS NOT NULL
    ) AS "moves" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "product_id", "shard") DO UPDATE SET "units" = t."units" + excluded."units",
      "revenue_cents" = t."revenue_cents" + excluded."revenue_cents", "category" = coalesce(t."category", excluded."category");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_day_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_day_totals_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_day_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_day_totals_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_apply"();--> statement-breakpoint
-- Each line sells its product on its order's day, at the price it was sold at, in the category the product
-- is in then. A line whose product is gone (deleted before the order was made) has no product to count under.
CREATE FUNCTION "product_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "product_day_totals";
  ELSE
    INSERT INTO "product_day_totals" AS t ("day", "product_id", "shard", "category", "name", "units", "revenue_cents")
    SELECT ("o"."created_at" AT TIME ZONE 'UTC')::date, "l"."product_id", pg_backend_pid() % 16, "p"."category",
      max("l"."name"), sum("l"."quantity"), sum("l"."quantity"::bigint * "l"."unit_price_cents")
    FROM "new_lines" "l" JOIN "orders" "o" ON "o"."id" = "l"."order_id" LEFT JOIN "products" "p" ON "p"."id" = "l"."product_id"
    WHERE "l"."product_id" IS NOT NULL
    GROUP BY 1, 2, 4 ORDER BY 1, 2
    ON CONFLICT ("day", "product_id", "shard") DO UPDATE SET "units" = t."units" + excluded."units",
      "revenue_cents" = t."revenue_cents" + excluded."revenue_cents", "name" = excluded."name",
      "category" = coalesce(t."category", excluded."category");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_day_totals_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "product_day_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "order_items_day_totals_truncate" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "product_day_totals_apply"();--> statement-breakpoint
-- A deleted order takes its lines' sales with it. Its lines go by the foreign key's cascade, after the
-- order's row is gone, so they are read here, before: one statement per deleted order (an admin's delete).
CREATE FUNCTION "product_day_totals_forget_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_day_totals" AS t ("day", "product_id", "shard", "category", "name", "units", "revenue_cents")
  SELECT (OLD."created_at" AT TIME ZONE 'UTC')::date, "i"."product_id", pg_backend_pid() % 16, "p"."category",
    max("i"."name"), -sum("i"."quantity"), -sum("i"."quantity"::bigint * "i"."unit_price_cents")
  FROM "order_items" "i" LEFT JOIN "products" "p" ON "p"."id" = "i"."product_id"
  WHERE "i"."order_id" = OLD."id" AND "i"."product_id" IS NOT NULL
  GROUP BY 2, 4 ORDER BY 2
  ON CONFLICT ("day", "product_id", "shard") DO UPDATE SET "units" = t."units" + excluded."units",
    "revenue_cents" = t."revenue_cents" + excluded."revenue_cents", "category" = coalesce(t."category", excluded."category");
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_forget_product_day_totals" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "product_day_totals_forget_order"();--> statement-breakpoint
-- The figures of what is already there.
INSERT INTO "order_day_totals" ("day", "orders", "amount_cents", "refunded_cents")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, count(*), sum("amount_cents"), sum("refunded_cents") FROM "orders" GROUP BY 1;--> statement-breakpoint
INSERT INTO "product_day_totals" ("day", "product_id", "category", "name", "units", "revenue_cents")
SELECT ("o"."created_at" AT TIME ZONE 'UTC')::date, "i"."product_id", "p"."category", max("i"."name"), sum("i"."quantity"),
  sum("i"."quantity"::bigint * "i"."unit_price_cents")
FROM "order_items" "i" JOIN "orders" "o" ON "o"."id" = "i"."order_id" LEFT JOIN "products" "p" ON "p"."id" = "i"."product_id"
WHERE "i"."product_id" IS NOT NULL GROUP BY 1, 2, 3;
