DROP INDEX "products_category_color_price_idx";--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category","price_cents","id");--> statement-breakpoint
CREATE INDEX "products_color_price_idx" ON "products" USING btree ("color","price_cents","id");--> statement-breakpoint
CREATE INDEX "products_category_color_rating_idx" ON "products" USING btree ("category","color","rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category","rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_color_rating_idx" ON "products" USING btree ("color","rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_color_price_idx" ON "products" USING btree ("category","color","price_cents","id");