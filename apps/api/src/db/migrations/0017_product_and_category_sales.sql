CREATE TABLE "category_day_totals" (
	"day" date NOT NULL,
	"category" "category" NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "category_day_totals_day_category_shard_pk" PRIMARY KEY("day","category","shard")
);
--> statement-breakpoint
CREATE INDEX "product_day_totals_product_idx" ON "product_day_totals" USING btree ("product_id","day","units","revenue_cents");--> statement-breakpoint
-- Every change to a product's day totals (a sale, an order moved to another day, a deleted order, a cleared
-- table) is added to its category's day, from the product rows as changed, so the two always agree
-- whichever way the product rows were written. A row without a category (its product was gone when it
-- sold) counts under none, as the insight reads them. Written in key order to the connection's own shard.
CREATE FUNCTION "category_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "category_day_totals";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "category_day_totals" AS t ("day", "category", "shard", "units", "revenue_cents")
    SELECT "day", "category", "own_shard", sum("units"), sum("revenue_cents") FROM "new_rows"
    WHERE "category" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "category", "shard") DO UPDATE SET "units" = t."units" + excluded."units",
      "revenue_cents" = t."revenue_cents" + excluded."revenue_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "category_day_totals" AS t ("day", "category", "shard", "units", "revenue_cents")
    SELECT "day", "category", "own_shard", -sum("units"), -sum("revenue_cents") FROM "old_rows"
    WHERE "category" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "category", "shard") DO UPDATE SET "units" = t."units" + excluded."units",
      "revenue_cents" = t."revenue_cents" + excluded."revenue_cents";
  ELSE
    INSERT INTO "category_day_totals" AS t ("day", "category", "shard", "units", "revenue_cents")
    SELECT "day", "category", "own_shard", sum("units"), sum("revenue") FROM (
      SELECT "day", "category", -"units" AS "units", -"revenue_cents" AS "revenue" FROM "old_rows"
      UNION ALL
      SELECT "day", "category", "units", "revenue_cents" FROM "new_rows"
    ) AS "changes" WHERE "category" IS NOT NULL GROUP BY 1, 2 HAVING sum("units") <> 0 OR sum("revenue") <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "category", "shard") DO UPDATE SET "units" = t."units" + excluded."units",
      "revenue_cents" = t."revenue_cents" + excluded."revenue_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_day_totals_category_insert" AFTER INSERT ON "product_day_totals" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "category_day_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "product_day_totals_category_update" AFTER UPDATE ON "product_day_totals" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "category_day_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "product_day_totals_category_delete" AFTER DELETE ON "product_day_totals" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "category_day_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "product_day_totals_category_truncate" AFTER TRUNCATE ON "product_day_totals" FOR EACH STATEMENT EXECUTE FUNCTION "category_day_totals_apply"();--> statement-breakpoint
-- The totals of what is already there.
INSERT INTO "category_day_totals" ("day", "category", "units", "revenue_cents")
SELECT "day", "category", sum("units"), sum("revenue_cents") FROM "product_day_totals" WHERE "category" IS NOT NULL GROUP BY 1, 2;
