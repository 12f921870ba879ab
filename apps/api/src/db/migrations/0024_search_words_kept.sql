-- Search: each product's words weighted by where they stand, and the catalogue's words for typos.
-- fuzzystrmatch measures how far a searched word is from a catalogue word (levenshtein_less_equal).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- The 'simple' configuration lowercases and keeps every word as written: no stemming, no stop words, so
-- a word found is a word the shopper can see on the product. Name before colour before category before
-- description, as a search ranks them.
CREATE FUNCTION "product_search_document"("name" text, "color" text, "category" text, "description" text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, "name"), 'A')
    || setweight(to_tsvector('simple'::regconfig, "color"), 'B')
    || setweight(to_tsvector('simple'::regconfig, "category"), 'C')
    || setweight(to_tsvector('simple'::regconfig, "description"), 'D')
$$;--> statement-breakpoint
CREATE FUNCTION "products_search_document_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_document" := "product_search_document"(NEW."name", NEW."color"::text, NEW."category"::text, NEW."description");
  RETURN NEW;
END $$;--> statement-breakpoint
-- New words in word order, so two writers adding the same words never wait on each other in a cycle.
CREATE FUNCTION "search_words_add_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT unnest(tsvector_to_array("search_document")) FROM "new_products" ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "search_words_add_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT unnest(tsvector_to_array(NEW."search_document")) ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "products" SET "search_document" = "product_search_document"("name", "color"::text, "category"::text, "description");--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT unnest(tsvector_to_array("search_document")) FROM "products" ORDER BY 1
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "products_search_document" BEFORE INSERT OR UPDATE OF "name", "color", "category", "description" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_document_write"();--> statement-breakpoint
CREATE TRIGGER "search_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add_inserted"();--> statement-breakpoint
CREATE TRIGGER "search_words_update" AFTER UPDATE ON "products" FOR EACH ROW WHEN (OLD."search_document" IS DISTINCT FROM NEW."search_document") EXECUTE FUNCTION "search_words_add_updated"();
