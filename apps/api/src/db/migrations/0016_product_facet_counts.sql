CREATE TABLE "product_facet_counts" (
	"category" "category" NOT NULL,
	"color" "color" NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_facet_counts_category_color_pk" PRIMARY KEY("category","color")
);
--> statement-breakpoint
-- Like table_counts (0003): statement triggers see a statement's rows at once, so a bulk insert costs one
-- update per category and colour. Rows are written in key order, so two writers never wait on each other
-- in a cycle. An update that moves no product to another category or colour (a price, a rating) writes
-- nothing and locks nothing.
CREATE FUNCTION "product_facet_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "product_facet_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "product_facet_counts" AS t ("category", "color", "total")
    SELECT "category", "color", count(*) FROM "new_products" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("category", "color") DO UPDATE SET "total" = t."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "product_facet_counts" AS t ("category", "color", "total")
    SELECT "category", "color", -count(*) FROM "old_products" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("category", "color") DO UPDATE SET "total" = t."total" + excluded."total";
  ELSE
    INSERT INTO "product_facet_counts" AS t ("category", "color", "total")
    SELECT "category", "color", sum("n") FROM (
      SELECT "category", "color", -1 AS "n" FROM "old_products"
      UNION ALL
      SELECT "category", "color", 1 FROM "new_products"
    ) AS "moves" GROUP BY 1, 2 HAVING sum("n") <> 0 ORDER BY 1, 2
    ON CONFLICT ("category", "color") DO UPDATE SET "total" = t."total" + excluded."total";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_facet_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "product_facet_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_facet_counts_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_products" NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "product_facet_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_facet_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_products" FOR EACH STATEMENT EXECUTE FUNCTION "product_facet_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_facet_counts_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "product_facet_counts_apply"();--> statement-breakpoint
-- The counts of what is already there.
INSERT INTO "product_facet_counts" ("category", "color", "total")
SELECT "category", "color", count(*) FROM "products" GROUP BY 1, 2;
