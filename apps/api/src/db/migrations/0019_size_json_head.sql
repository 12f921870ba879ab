-- A size as the contract's `ProductVariant` writes it, up to its available count, which changes with every hold
-- and sale and is written on each read (products.queries.ts): the catalogue's reads no longer build an object per
-- size (pgbench, a page of 12 products with their own fields kept (0018): 5,800-6,400 a second against
-- 6,800-7,500 with this). Written by a trigger when a size is made or its size or SKU change; stock updates name
-- neither column and do not run it.
ALTER TABLE "product_variants" ADD COLUMN "json_head" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "product_variants_json_head_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."json_head" := left(json_build_object('size', NEW."size", 'sku', NEW."sku")::text, -1) || ', "available" : ';
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_variants_json_head_keep" BEFORE INSERT OR UPDATE OF "size", "sku" ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "product_variants_json_head_keep"();--> statement-breakpoint
-- The sizes already there.
UPDATE "product_variants" SET "sku" = "sku";
