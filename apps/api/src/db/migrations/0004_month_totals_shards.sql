-- Every order of a month used to add to one row, locked until its transaction committed: concurrent
-- checkouts queued there one after the other. Each database connection now adds to its own shard of
-- the month (by backend process id), and readers sum the shards.
ALTER TABLE "order_month_totals" DROP CONSTRAINT "order_month_totals_pkey";--> statement-breakpoint
ALTER TABLE "order_month_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_month_totals" ADD CONSTRAINT "order_month_totals_month_shard_pk" PRIMARY KEY("month","shard");--> statement-breakpoint
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
