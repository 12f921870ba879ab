import { BACK_IN_STOCK_STATUSES } from '@shop/contract/back-in-stock';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { productVariants } from './inventory';

// Shoppers waiting for a sold-out size of a colour to come back.

export const backInStockStatusEnum = pgEnum('back_in_stock_status', BACK_IN_STOCK_STATUSES);

/**
 * One shopper's request to hear when a size is back. A customer's is waiting at once; a guest's waits
 * only once the e-mail is confirmed by the mailed link (unconfirmed until then). It is answered at most
 * once: the status moves from waiting to notified in the statement that queues its mail. The e-mail is
 * kept only while it is needed: it is cleared once the shopper is told or unsubscribes. The link's token
 * (confirm and unsubscribe) is kept only as its SHA-256.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    tokenHash: text('token_hash').notNull().unique(),
    status: backInStockStatusEnum('status').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // One open request per size and e-mail: asking again answers the one already there.
    uniqueIndex('back_in_stock_requests_open_key')
      .on(t.variantId, sql`lower(${t.email})`)
      .where(sql`${t.status} IN ('unconfirmed', 'waiting')`),
    // Those waiting for a size, in the order they asked.
    index('back_in_stock_requests_waiting_idx').on(t.variantId, t.confirmedAt).where(sql`${t.status} = 'waiting'`),
    index('back_in_stock_requests_user_id_idx').on(t.userId),
  ],
);

export type BackInStockRequestRow = typeof backInStockRequests.$inferSelect;

/**
 * Sizes whose stock came back while shoppers wait for them, written by the trigger
 * `product_variants_back_in_stock` (migration 0028) in the very transaction that raised the size's
 * available stock from none to some, whatever raised it (an admin's change, a released hold, a refund's
 * restock). The shop moves each row into a job that tells the waiting shoppers, and deletes it then.
 */
export const backInStockRestocks = pgTable('back_in_stock_restocks', {
  variantId: uuid('variant_id')
    .primaryKey()
    .references(() => productVariants.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
