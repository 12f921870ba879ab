import type { ShippingAddress } from '@shop/contract/delivery';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { jsonParam, jsonText, namedStatement, param } from '../../db/prepared';
import { users } from '../../db/schema';

/** The user's saved address; undefined when there is no such user, null when none is saved. */
export async function findSavedAddress(db: Queryable, userId: string): Promise<ShippingAddress | null | undefined> {
  const [row] = await db.select({ address: users.savedAddress }).from(users).where(eq(users.id, userId));
  return row ? row.address : undefined;
}

/** Built once: an order's transaction saves its address, and a transaction's statements are not kept. */
const saveAddressStatement = namedStatement<{ id: string }>(
  'update_saved_address',
  sql`update ${users} set saved_address = ${jsonParam('address')}, updated_at = now()
    where id = ${param('userId')}::uuid returning id`,
);

/** Replaces (or with null, forgets) the user's saved address; answers whether the user exists. */
export async function updateSavedAddress(db: Queryable, userId: string, address: ShippingAddress | null) {
  const rows = await saveAddressStatement(db, { userId, address: jsonText(address) });
  return rows.length > 0;
}
