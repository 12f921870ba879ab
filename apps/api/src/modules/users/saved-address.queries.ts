import type { ShippingAddress } from '@shop/contract/delivery';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { users } from '../../db/schema';

/** The user's saved address; undefined when there is no such user, null when none is saved. */
export async function findSavedAddress(db: Queryable, userId: string): Promise<ShippingAddress | null | undefined> {
  const [row] = await db.select({ address: users.savedAddress }).from(users).where(eq(users.id, userId));
  return row ? row.address : undefined;
}

/** Replaces (or with null, forgets) the user's saved address; answers whether the user exists. */
export async function updateSavedAddress(db: Queryable, userId: string, address: ShippingAddress | null) {
  const rows = await runPrepared(
    db
      .update(users)
      .set({ savedAddress: address, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id }),
  );
  return rows.length > 0;
}
