import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * A secret by name, made (256 random bits) by whichever instance asks first: the unique name lets one
 * insert win, and every instance then reads the same value.
 */
export async function sharedSecret(db: Queryable, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} was not stored`);
  return Buffer.from(row.value, 'base64url');
}
