CREATE TABLE "back_in_stock_restocks" (
	"variant_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_restocks" ADD CONSTRAINT "back_in_stock_restocks_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A size whose available stock goes from none to some while shoppers wait for it is noted in the same
-- transaction, whatever raised it (an admin's change, a released or expired hold, a refund's restock):
-- the shop turns each note into the job that tells them. Only that change fires the trigger, so the
-- statements that hold and sell stock, which only lower it, never run it.
CREATE FUNCTION "back_in_stock_restock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "back_in_stock_restocks" ("variant_id")
  SELECT NEW."id"
  WHERE EXISTS (
    SELECT 1 FROM "back_in_stock_requests" WHERE "variant_id" = NEW."id" AND "status" = 'waiting'
  )
  ON CONFLICT ("variant_id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_variants_back_in_stock" AFTER UPDATE OF "on_hand", "reserved" ON "product_variants"
FOR EACH ROW
WHEN (OLD."on_hand" - OLD."reserved" <= 0 AND NEW."on_hand" - NEW."reserved" > 0)
EXECUTE FUNCTION "back_in_stock_restock"();
