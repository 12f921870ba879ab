-- A refund counts when the money went back, not when its order was made: the month totals keep what
-- orders charged in the month they were made less what was refunded in the month (the refund's own
-- created_at), and the day totals keep each day's refunds beside its orders. A refund that failed gives
-- nothing back and counts nowhere. Writers of orders and refunds wait while the totals are rebuilt, so no
-- write lands between the rebuild's read and the new triggers.
LOCK TABLE "orders", "refunds" IN SHARE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "order_month_totals";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "order_month_totals" AS t ("month", "shard", "orders", "amount_cents")
    SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "own_shard", count(*), sum("amount_cents")
    FROM "new_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("month", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "order_month_totals" AS t ("month", "shard", "orders", "amount_cents")
    SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "own_shard", -count(*), -sum("amount_cents")
    FROM "old_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("month", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  ELSE
    -- A status change or a refund moves nothing here and writes nothing.
    INSERT INTO "order_month_totals" AS t ("month", "shard", "orders", "amount_cents")
    SELECT "month", "own_shard", sum("n"), sum("cents") FROM (
      SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS "month", -1 AS "n", -"amount_cents" AS "cents" FROM "old_orders"
      UNION ALL
      SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, 1, "amount_cents" FROM "new_orders"
    ) AS "moves" GROUP BY 1 HAVING sum("n") <> 0 OR sum("cents") <> 0 ORDER BY 1
    ON CONFLICT ("month", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders", "amount_cents" = t."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "order_day_totals";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "order_day_totals" AS t ("day", "shard", "orders", "amount_cents")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date, "own_shard", count(*), sum("amount_cents")
    FROM "new_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders",
      "amount_cents" = t."amount_cents" + excluded."amount_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "order_day_totals" AS t ("day", "shard", "orders", "amount_cents")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date, "own_shard", -count(*), -sum("amount_cents")
    FROM "old_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders",
      "amount_cents" = t."amount_cents" + excluded."amount_cents";
  ELSE
    -- A status change or a refund moves nothing here and writes nothing.
    INSERT INTO "order_day_totals" AS t ("day", "shard", "orders", "amount_cents")
    SELECT "day", "own_shard", sum("n"), sum("amount") FROM (
      SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "n", -"amount_cents" AS "amount" FROM "old_orders"
      UNION ALL
      SELECT ("created_at" AT TIME ZONE 'UTC')::date, 1, "amount_cents" FROM "new_orders"
    ) AS "moves" GROUP BY 1 HAVING sum("n") <> 0 OR sum("amount") <> 0 ORDER BY 1
    ON CONFLICT ("day", "shard") DO UPDATE SET "orders" = t."orders" + excluded."orders",
      "amount_cents" = t."amount_cents" + excluded."amount_cents";
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
-- Adds money given back to the day and month it went back: `moves` is [{ "at", "cents" }], cents positive
-- for a refund that counts from now, negative for one that no longer does. Days before months, as an
-- order's own triggers take them, so a refund and a checkout never wait on each other in a cycle.
CREATE FUNCTION "refund_totals_move"("moves" jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  INSERT INTO "order_day_totals" AS t ("day", "shard", "refunded_cents")
  SELECT (m."at" AT TIME ZONE 'UTC')::date, "own_shard", sum(m."cents")
  FROM jsonb_to_recordset("moves") AS m("at" timestamptz, "cents" bigint)
  GROUP BY 1 HAVING sum(m."cents") <> 0 ORDER BY 1
  ON CONFLICT ("day", "shard") DO UPDATE SET "refunded_cents" = t."refunded_cents" + excluded."refunded_cents";
  INSERT INTO "order_month_totals" AS t ("month", "shard", "amount_cents")
  SELECT date_trunc('month', m."at" AT TIME ZONE 'UTC')::date, "own_shard", -sum(m."cents")
  FROM jsonb_to_recordset("moves") AS m("at" timestamptz, "cents" bigint)
  GROUP BY 1 HAVING sum(m."cents") <> 0 ORDER BY 1
  ON CONFLICT ("month", "shard") DO UPDATE SET "amount_cents" = t."amount_cents" + excluded."amount_cents";
END $$;
--> statement-breakpoint
-- A refund counts from the moment it is recorded (pending at the provider or made) until it fails; a
-- refund deleted (with its order) or truncated away stops counting.
CREATE FUNCTION "refund_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM "refund_totals_move"(coalesce(jsonb_agg(jsonb_build_object('at', "created_at", 'cents', -"amount_cents")), '[]'))
    FROM "refunds" WHERE "status" <> 'failed';
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "refund_totals_move"(coalesce(jsonb_agg(jsonb_build_object('at', "created_at", 'cents', "amount_cents")), '[]'))
    FROM "new_refunds" WHERE "status" <> 'failed';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refund_totals_move"(coalesce(jsonb_agg(jsonb_build_object('at', "created_at", 'cents', -"amount_cents")), '[]'))
    FROM "old_refunds" WHERE "status" <> 'failed';
  ELSE
    PERFORM "refund_totals_move"(coalesce(jsonb_agg(m), '[]')) FROM (
      SELECT jsonb_build_object('at', "created_at", 'cents', -"amount_cents") AS m FROM "old_refunds" WHERE "status" <> 'failed'
      UNION ALL
      SELECT jsonb_build_object('at', "created_at", 'cents', "amount_cents") FROM "new_refunds" WHERE "status" <> 'failed'
    ) AS "moves";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_totals_insert" AFTER INSERT ON "refunds" REFERENCING NEW TABLE AS "new_refunds" FOR EACH STATEMENT EXECUTE FUNCTION "refund_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "refunds_totals_update" AFTER UPDATE ON "refunds" REFERENCING OLD TABLE AS "old_refunds" NEW TABLE AS "new_refunds" FOR EACH STATEMENT EXECUTE FUNCTION "refund_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "refunds_totals_delete" AFTER DELETE ON "refunds" REFERENCING OLD TABLE AS "old_refunds" FOR EACH STATEMENT EXECUTE FUNCTION "refund_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "refunds_totals_truncate" BEFORE TRUNCATE ON "refunds" FOR EACH STATEMENT EXECUTE FUNCTION "refund_totals_apply"();--> statement-breakpoint
-- The totals of what is already there, counted again under these rules.
DELETE FROM "order_month_totals";--> statement-breakpoint
INSERT INTO "order_month_totals" ("month", "orders", "amount_cents")
SELECT "month", sum("n"), sum("cents") FROM (
  SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS "month", 1 AS "n", "amount_cents"::bigint AS "cents" FROM "orders"
  UNION ALL
  SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, 0, -"amount_cents" FROM "refunds" WHERE "status" <> 'failed'
) AS "counted" GROUP BY 1;--> statement-breakpoint
DELETE FROM "order_day_totals";--> statement-breakpoint
INSERT INTO "order_day_totals" ("day", "orders", "amount_cents", "refunded_cents")
SELECT "day", sum("n"), sum("amount"), sum("refunded") FROM (
  SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "n", "amount_cents"::bigint AS "amount", 0::bigint AS "refunded" FROM "orders"
  UNION ALL
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, "amount_cents" FROM "refunds" WHERE "status" <> 'failed'
) AS "counted" GROUP BY 1;
