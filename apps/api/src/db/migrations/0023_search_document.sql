CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
CREATE INDEX "products_search_document_idx" ON "products" USING gin ("search_document");