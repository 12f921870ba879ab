-- Every product sold without a limit before sizes existed: each gets one "One size" with 100 on hand
-- (DEFAULT_OPENING_STOCK in packages/contract/src/inventory.ts), which the admin can then correct.
-- SKUs are the shop's prefix, 16 hex digits of the product id and the size's code, as new ones are made.
INSERT INTO "product_variants" ("product_id", "size", "position", "sku", "opening_on_hand", "on_hand")
SELECT "id", 'One size', 0, 'LB-' || upper(substr(replace("id"::text, '-', ''), 1, 16)) || '-OS', 100, 100
FROM "products";
