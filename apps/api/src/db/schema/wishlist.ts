import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { colorEnum, products } from './catalogue';
import { createdAt } from './columns';

// What shoppers keep for later: a product, and the colour and size when they chose them.

/**
 * One saved product of a customer's wishlist. A colour or size left open is null, and the same product
 * in the same colour and size is saved once (nulls count as equal). A guest's wishlist lives in the
 * browser and joins these rows at login.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: colorEnum('color'),
    size: text('size'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('wishlist_items_saved_once_key').on(t.userId, t.productId, t.color, t.size).nullsNotDistinct(),
    // The owner's most wished products, and a product's removal.
    index('wishlist_items_product_id_idx').on(t.productId),
    index('wishlist_items_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export type WishlistItemRow = typeof wishlistItems.$inferSelect;
