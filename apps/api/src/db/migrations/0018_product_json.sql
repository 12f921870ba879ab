-- A product's own fields as the contract's `Product` writes them (its sizes and stock are spliced in by the
-- catalogue's reads, products.queries.ts), kept with the row by a trigger: a page of the shop no cache
-- holds is mostly this JSON, and writing it on every read was the larger part of what the database spent
-- on the page (pgbench, a page of 12 products on this two-core host: 4,200 a second against 6,400 as kept).
-- Written with the row, so it is never older than the row; the catalogue's SQL alone reads it (docs/decisions/018).
ALTER TABLE "products" ADD COLUMN "product_json" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "products_json_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."product_json" := json_build_object(
    '_id', NEW."id", 'name', NEW."name", 'category', NEW."category",
    'description', NEW."description", 'price', NEW."price_cents"::float8 / 100,
    'oldPrice', NEW."old_price_cents"::float8 / 100, 'image', NEW."image", 'color', NEW."color",
    'rating', NEW."rating", 'reviewCount', NEW."review_count", 'author', NEW."author_id",
    'createdAt', to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(NEW."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'sizeScale', NEW."size_scale")::text;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_json_keep" BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_json_keep"();--> statement-breakpoint
-- The rows already there.
UPDATE "products" SET "product_json" = '';
