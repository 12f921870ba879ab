import type { Color } from '@shop/contract/constants';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { backInStockRequests, backInStockRestocks, productColours, products, productVariants } from '../../db/schema';

// Shoppers' requests to hear about sold-out sizes, and the sizes whose stock came back for them.

/** Sizes with what a mail says of them and how many are available now. */
function sizes(db: Queryable) {
  return db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      colour: productVariants.color,
      colourName: sql<string>`coalesce(${productColours.name}, ${productVariants.color}::text)`,
      size: productVariants.size,
      available: sql<number>`(${productVariants.onHand} - ${productVariants.reserved})::int`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(
      productColours,
      and(eq(productColours.productId, productVariants.productId), eq(productColours.color, productVariants.color)),
    );
}

/** A size of a colour of a product; without a colour, of the product's own (its first). */
export async function findSize(db: Queryable, productId: string, colour: Color | undefined, size: string) {
  const [row] = await sizes(db).where(
    and(
      eq(productVariants.productId, productId),
      eq(productVariants.size, size),
      colour ? eq(productVariants.color, colour) : eq(productVariants.color, products.color),
    ),
  );
  return row;
}

export async function sizeOfVariant(db: Queryable, variantId: string) {
  const [row] = await sizes(db).where(eq(productVariants.id, variantId));
  return row;
}

export type SizeRow = NonNullable<Awaited<ReturnType<typeof findSize>>>;

/**
 * Writes a request unless the e-mail already has one open for the size (the partial unique index):
 * answers the new row, or nothing when one was there.
 */
export async function insertRequest(db: Queryable, values: typeof backInStockRequests.$inferInsert) {
  const [row] = await db.insert(backInStockRequests).values(values).onConflictDoNothing().returning();
  return row;
}

/** The e-mail's open request for the size, if any. */
export async function openRequestOf(db: Queryable, variantId: string, email: string) {
  const [row] = await db
    .select()
    .from(backInStockRequests)
    .where(
      and(
        eq(backInStockRequests.variantId, variantId),
        sql`lower(${backInStockRequests.email}) = lower(${email})`,
        inArray(backInStockRequests.status, ['unconfirmed', 'waiting']),
      ),
    );
  return row;
}

export async function findByTokenHash(db: Queryable, tokenHash: string) {
  const [row] = await db.select().from(backInStockRequests).where(eq(backInStockRequests.tokenHash, tokenHash));
  return row;
}

/** A guest's request starts waiting, once: answers whether this call confirmed it. */
export async function confirmRequest(db: Queryable, id: string, userId?: string): Promise<boolean> {
  const rows = await db
    .update(backInStockRequests)
    .set({ status: 'waiting', confirmedAt: sql`now()`, ...(userId && { userId }) })
    .where(and(eq(backInStockRequests.id, id), eq(backInStockRequests.status, 'unconfirmed')))
    .returning({ id: backInStockRequests.id });
  return rows.length > 0;
}

/** An open request ends unanswered; its e-mail goes with it. */
export async function unsubscribeRequest(db: Queryable, id: string): Promise<void> {
  await db
    .update(backInStockRequests)
    .set({ status: 'unsubscribed', email: null, endedAt: sql`now()` })
    .where(and(eq(backInStockRequests.id, id), inArray(backInStockRequests.status, ['unconfirmed', 'waiting'])));
}

/** Deletes guests' requests still unconfirmed that were made before `before`: answers how many. */
export async function deleteUnconfirmedBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db
    .delete(backInStockRequests)
    .where(and(eq(backInStockRequests.status, 'unconfirmed'), lt(backInStockRequests.createdAt, before)))
    .returning({ id: backInStockRequests.id });
  return rows.length;
}

/** Notes a size as back for its waiting shoppers, as the restock trigger does (a guest confirming late). */
export async function noteRestock(db: Queryable, variantId: string): Promise<void> {
  await db.insert(backInStockRestocks).values({ variantId }).onConflictDoNothing();
}

/**
 * Takes up to `limit` sizes noted as back, deleting their notes: in the caller's transaction, which
 * queues their jobs, so a note is either still there or has its job. SKIP LOCKED: two instances take
 * different notes.
 */
export async function takeRestocks(db: Queryable, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    delete from ${backInStockRestocks} where variant_id in (
      select variant_id from ${backInStockRestocks} order by created_at limit ${limit} for update skip locked
    ) returning variant_id as "variantId"`);
  return (result as unknown as { rows: { variantId: string }[] }).rows.map((r) => r.variantId);
}

export interface NotifiedRequest {
  id: string;
  email: string;
  /** The new unsubscribe token, raw: only the mail's job carries it; the row keeps its SHA-256. */
  token: string;
  confirmedAt: Date;
}

/**
 * The next `limit` shoppers waiting for the size, in the order they started waiting, marked notified in
 * one conditional update: a row another transaction holds is skipped (SKIP LOCKED), one already told
 * no longer matches `status = 'waiting'`, so however many workers run this at once each shopper is
 * taken once. Their e-mails are cleared in the same update and answered from the rows as they were;
 * each gets a new token (256 random bits) for the mail's unsubscribe link, kept as its SHA-256.
 */
export async function markNotified(db: Queryable, variantId: string, limit: number): Promise<NotifiedRequest[]> {
  const result = await db.execute(sql`
    with picked as (
      select id, email, confirmed_at,
        replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') as token
      from ${backInStockRequests}
      where variant_id = ${variantId} and status = 'waiting'
      order by confirmed_at, id
      limit ${limit}
      for update skip locked
    )
    update ${backInStockRequests} r
    set status = 'notified', email = null, ended_at = now(),
      token_hash = encode(sha256(convert_to(p.token, 'UTF8')), 'hex')
    from picked p
    where r.id = p.id and r.status = 'waiting'
    returning r.id, p.email, p.token, p.confirmed_at as "confirmedAt"`);
  const rows = (result as unknown as { rows: (NotifiedRequest & { confirmedAt: Date | string })[] }).rows;
  return rows
    .map((r) => ({ ...r, confirmedAt: new Date(r.confirmedAt) }))
    .sort((a, b) => a.confirmedAt.getTime() - b.confirmedAt.getTime() || (a.id < b.id ? -1 : 1));
}
