-- A paid hold's stock leaves its sizes when the order's transaction commits, not when the sale's statement
-- runs: the sizes' rows are the hot spot every buyer of a size queues on, and a sale that moved them in
-- its statement kept them locked for a round trip to the shop and back (for its COMMIT), through a
-- busy shop's event loop; at COMMIT they are locked only for the update and the commit itself. The sale
-- still ends the reservations and writes the ledger in its statement, so both are in the order's
-- transaction as before; nothing outside it sees the counts before the commit either way.
CREATE FUNCTION "stock_reservations_sale_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every size of the hold, in variant order, as every statement that moves stock locks them, whichever of
  -- its reservations fires first: unordered, a payment and a checkout of the same sizes can deadlock.
  PERFORM 1 FROM "product_variants"
  WHERE "id" IN (SELECT "variant_id" FROM "stock_reservations" WHERE "hold_id" = NEW."hold_id")
  ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "product_variants"
  SET "on_hand" = "on_hand" - NEW."quantity", "reserved" = "reserved" - NEW."quantity", "updated_at" = now()
  WHERE "id" = NEW."variant_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stock_reservations_sale_settle" AFTER UPDATE OF "status" ON "stock_reservations"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD."status" = 'active' AND NEW."status" = 'paid')
EXECUTE FUNCTION "stock_reservations_sale_settle"();
