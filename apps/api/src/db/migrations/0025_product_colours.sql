-- Colours as variants: a product comes in one or more colours (product_colours), each with its name, swatch,
-- own price and gallery; its sizes (product_variants) are of a colour, so a size of a colour is what is held,
-- sold and counted in the ledger. Every product had one colour and one picture: that becomes its first colour.
CREATE TABLE "product_colours" (
	"product_id" uuid NOT NULL,
	"color" "color" NOT NULL,
	"name" text NOT NULL,
	"swatch" text NOT NULL,
	"price_cents" integer,
	"position" smallint NOT NULL,
	"pictures" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_colours_product_id_color_pk" PRIMARY KEY("product_id","color"),
	CONSTRAINT "product_colours_price_positive" CHECK ("product_colours"."price_cents" IS NULL OR "product_colours"."price_cents" > 0),
	CONSTRAINT "product_colours_name_length" CHECK (char_length("product_colours"."name") BETWEEN 1 AND 40),
	CONSTRAINT "product_colours_swatch_hex" CHECK ("product_colours"."swatch" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "product_colours_pictures_count" CHECK (json_array_length("product_colours"."pictures") BETWEEN 1 AND 8)
);
--> statement-breakpoint
ALTER TABLE "product_colours" ADD CONSTRAINT "product_colours_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colors" "color"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The colours' JSON as the contract writes a product's `colours`, kept with the product by the trigger below.
ALTER TABLE "products" ADD COLUMN "colours_json" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "product_facet_counts" ADD COLUMN "with_colour" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A product's colours as the contract's JSON, its colour keys in order, and its first colour and picture,
-- written once per statement for every product whose colours it changed: a catalogue imported in one
-- statement updates each product once.
CREATE FUNCTION "products_colours_refresh"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p SET
    "colours_json" = c."json", "colors" = c."colors", "color" = c."colors"[1], "image" = c."image"
  FROM (
    SELECT pc."product_id",
      '[' || string_agg(row_to_json(one)::text, ',' ORDER BY pc."position", pc."color") || ']' AS "json",
      array_agg(pc."color" ORDER BY pc."position", pc."color") AS "colors",
      (array_agg(pc."pictures"->0->>'url' ORDER BY pc."position", pc."color"))[1] AS "image"
    FROM "product_colours" pc
    CROSS JOIN LATERAL (SELECT pc."color" AS "color", pc."name" AS "name", pc."swatch" AS "swatch",
      pc."price_cents"::float8 / 100 AS "price", pc."pictures" AS "pictures") one
    WHERE pc."product_id" = ANY("ids")
    GROUP BY pc."product_id"
    ORDER BY pc."product_id"
  ) c WHERE p."id" = c."product_id"
$$;--> statement-breakpoint
-- Each branch names only the transition table its event has: PL/pgSQL plans a statement when it first runs.
CREATE FUNCTION "products_colours_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "ids" uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "product_id") INTO "ids" FROM "colours_new";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "product_id") INTO "ids" FROM "colours_old";
  ELSE
    SELECT array_agg("product_id") INTO "ids"
      FROM (SELECT "product_id" FROM "colours_new" UNION SELECT "product_id" FROM "colours_old") "changed";
  END IF;
  IF "ids" IS NOT NULL THEN PERFORM "products_colours_refresh"("ids"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_colours_insert" AFTER INSERT ON "product_colours" REFERENCING NEW TABLE AS "colours_new" FOR EACH STATEMENT EXECUTE FUNCTION "products_colours_keep"();--> statement-breakpoint
CREATE TRIGGER "product_colours_update" AFTER UPDATE ON "product_colours" REFERENCING OLD TABLE AS "colours_old" NEW TABLE AS "colours_new" FOR EACH STATEMENT EXECUTE FUNCTION "products_colours_keep"();--> statement-breakpoint
CREATE TRIGGER "product_colours_delete" AFTER DELETE ON "product_colours" REFERENCING OLD TABLE AS "colours_old" FOR EACH STATEMENT EXECUTE FUNCTION "products_colours_keep"();--> statement-breakpoint
-- The product's JSON carries its colours before its sizes; a size's carries its colour.
CREATE OR REPLACE FUNCTION "products_json_head_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT left(row_to_json(head)::text, -1) || ',"variants":' INTO NEW."json_head" FROM (SELECT
    NEW."id" AS "_id", NEW."name" AS "name", NEW."category" AS "category",
    NEW."description" AS "description", NEW."price_cents"::float8 / 100 AS "price",
    NEW."old_price_cents"::float8 / 100 AS "oldPrice", NEW."image" AS "image", NEW."color" AS "color",
    NEW."rating" AS "rating", NEW."review_count" AS "reviewCount", NEW."author_id" AS "author",
    to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(NEW."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
    NEW."size_scale" AS "sizeScale", NEW."colours_json"::json AS "colours") head;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_variants_json_head_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT left(row_to_json(head)::text, -1) || ',"available":' INTO NEW."json_head"
    FROM (SELECT NEW."size" AS "size", NEW."color" AS "colour", NEW."sku" AS "sku") head;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "product_variants_json_head_keep" ON "product_variants";--> statement-breakpoint
-- Search reads every colour's key and name with the weight of a colour.
CREATE OR REPLACE FUNCTION "products_search_document_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_document" := "product_search_document"(NEW."name",
    coalesce((SELECT string_agg((c->>'color') || ' ' || (c->>'name'), ' ') FROM json_array_elements(NEW."colours_json"::json) c),
      NEW."color"::text),
    NEW."category"::text, NEW."description");
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "products_search_document" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_search_document" BEFORE INSERT OR UPDATE OF "name", "color", "category", "description", "colours_json" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_document_write"();--> statement-breakpoint
-- The counts per category and colour keep, beside the products whose first colour it is (which sum to the
-- category's size), the products that come in the colour at all: what the colour filter finds.
CREATE OR REPLACE FUNCTION "product_facet_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "product_facet_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "product_facet_counts" AS t ("category", "color", "total", "with_colour")
    SELECT "category", "color", sum("first"), sum("with") FROM (
      SELECT "category", "color", 1 AS "first", 0 AS "with" FROM "new_products"
      UNION ALL
      SELECT "category", unnest("colors"), 0, 1 FROM "new_products"
    ) AS "moves" GROUP BY 1, 2 HAVING sum("first") <> 0 OR sum("with") <> 0 ORDER BY 1, 2
    ON CONFLICT ("category", "color") DO UPDATE
      SET "total" = t."total" + excluded."total", "with_colour" = t."with_colour" + excluded."with_colour";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "product_facet_counts" AS t ("category", "color", "total", "with_colour")
    SELECT "category", "color", sum("first"), sum("with") FROM (
      SELECT "category", "color", -1 AS "first", 0 AS "with" FROM "old_products"
      UNION ALL
      SELECT "category", unnest("colors"), 0, -1 FROM "old_products"
    ) AS "moves" GROUP BY 1, 2 HAVING sum("first") <> 0 OR sum("with") <> 0 ORDER BY 1, 2
    ON CONFLICT ("category", "color") DO UPDATE
      SET "total" = t."total" + excluded."total", "with_colour" = t."with_colour" + excluded."with_colour";
  ELSE
    INSERT INTO "product_facet_counts" AS t ("category", "color", "total", "with_colour")
    SELECT "category", "color", sum("first"), sum("with") FROM (
      SELECT "category", "color", -1 AS "first", 0 AS "with" FROM "old_products"
      UNION ALL
      SELECT "category", unnest("colors"), 0, -1 FROM "old_products"
      UNION ALL
      SELECT "category", "color", 1, 0 FROM "new_products"
      UNION ALL
      SELECT "category", unnest("colors"), 0, 1 FROM "new_products"
    ) AS "moves" GROUP BY 1, 2 HAVING sum("first") <> 0 OR sum("with") <> 0 ORDER BY 1, 2
    ON CONFLICT ("category", "color") DO UPDATE
      SET "total" = t."total" + excluded."total", "with_colour" = t."with_colour" + excluded."with_colour";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every product's one colour, with its picture; its sizes are of that colour.
INSERT INTO "product_colours" ("product_id", "color", "name", "swatch", "position", "pictures")
SELECT "id", "color", initcap("color"::text),
  CASE "color" WHEN 'black' THEN '#1f1a16' WHEN 'red' THEN '#a8322d' WHEN 'gold' THEN '#d8b46a'
    WHEN 'blue' THEN '#3e5a86' WHEN 'silver' THEN '#c0c4c8' WHEN 'beige' THEN '#e3d3b8' ELSE '#2f6b4f' END,
  0, json_build_array(json_build_object('url', "image", 'alt', "name"))
FROM "products";--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "color" "color";--> statement-breakpoint
UPDATE "product_variants" v SET "color" = p."color" FROM "products" p WHERE p."id" = v."product_id";--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "color" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER "product_variants_json_head_keep" BEFORE INSERT OR UPDATE OF "size", "color", "sku" ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "product_variants_json_head_keep"();--> statement-breakpoint
UPDATE "product_variants" SET "sku" = "sku";--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_product_size_key";--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_color_size_key" UNIQUE("product_id","color","size");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_colour_fk" FOREIGN KEY ("product_id","color") REFERENCES "public"."product_colours"("product_id","color") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
UPDATE "product_facet_counts" SET "with_colour" = "total";--> statement-breakpoint
DROP INDEX "products_color_created_at_idx";--> statement-breakpoint
DROP INDEX "products_category_color_price_idx";--> statement-breakpoint
DROP INDEX "products_color_price_idx";--> statement-breakpoint
DROP INDEX "products_category_color_rating_idx";--> statement-breakpoint
DROP INDEX "products_color_rating_idx";--> statement-breakpoint
DROP INDEX "products_category_color_created_at_idx";--> statement-breakpoint
CREATE INDEX "products_colors_idx" ON "products" USING gin ("colors");
