import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { apiPaths } from '@shop/contract/api-paths';
import { sizePosition } from '@shop/contract/inventory';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import { backInStockRequests, productColours, products, productVariants } from '../../apps/api/src/db/schema';
import type { Dataset } from './datasets';

/** The bench row of a restock that tells many waiting shoppers (`--rows back_in_stock_restock`). */
export const BACK_IN_STOCK_ROW = 'back_in_stock_restock';
const PRODUCT_NAME = 'Bench Back In Stock Dress';

export interface BackInStockDrain {
  waiting: number;
  /** From the admin's restock to the last of their mails accepted by the SMTP server. */
  seconds: number;
  /** Mails the server received more than once for one Message-ID (must be 0). */
  duplicates: number;
}

const openDataset = (dataset: Dataset) =>
  openDatabase({ url: dataset.databaseUrl, dataDir: path.join(dataset.dataDir, 'db'), poolSize: 2 });

/**
 * Before the shop starts (the embedded database is one process's): a dress whose size M is sold out,
 * and `waiting` shoppers waiting for it, in the order they asked. What an earlier run left is removed.
 */
export async function seedWaiting(dataset: Dataset, waiting: number): Promise<{ productId: string; colour: string }> {
  const handle = await openDataset(dataset);
  try {
    const { db } = handle;
    await db.delete(products).where(eq(products.name, PRODUCT_NAME));
    // Written as the shop writes a product (its colour, its sizes), from the schema alone.
    const [dress] = await db
      .insert(products)
      .values({
        name: PRODUCT_NAME,
        category: 'dress',
        color: 'black',
        description: 'A dress the bench sells out and restocks.',
        priceCents: 9900,
        image: '/images/look-1.svg',
        sizeScale: 'clothing',
      })
      .returning();
    if (!dress) throw new Error('the bench dress was not made');
    await db.insert(productColours).values({
      productId: dress.id,
      color: 'black',
      name: 'Black',
      swatch: '#1f1a16',
      position: 0,
      pictures: [{ url: dress.image, alt: dress.name }],
    });
    const [m] = await db
      .insert(productVariants)
      .values(
        (['S', 'M'] as const).map((size) => ({
          productId: dress.id,
          color: 'black' as const,
          size,
          position: sizePosition(size),
          sku: `LB-BENCH-${dress.id.slice(0, 8).toUpperCase()}-${size}`,
          openingOnHand: size === 'S' ? 5 : 0,
          onHand: size === 'S' ? 5 : 0,
        })),
      )
      .returning()
      .then((rows) => rows.filter((v) => v.size === 'M'));
    if (!m) throw new Error('the bench dress has no size M');
    const started = Date.now() - waiting;
    for (let from = 0; from < waiting; from += 1000) {
      await db.insert(backInStockRequests).values(
        Array.from({ length: Math.min(1000, waiting - from) }, (_, i) => ({
          variantId: m.id,
          email: `bench-waiting-${from + i}@bench.local`,
          tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
          status: 'waiting' as const,
          confirmedAt: new Date(started + from + i),
        })),
      );
    }
    return { productId: dress.id, colour: dress.color };
  } finally {
    await handle.close();
  }
}

/** The admin restocks the size; finished when every waiting shopper's mail has arrived, or after `timeoutSeconds`. */
export async function measureRestock(
  shopUrl: string,
  adminToken: string,
  smtp: { received: Map<string, number> },
  dress: { productId: string; colour: string },
  options: { waiting: number; timeoutSeconds: number },
): Promise<BackInStockDrain> {
  const told = () => [...smtp.received.keys()].filter((id) => id.startsWith('<back-in-stock.')).length;
  const before = told();
  const started = performance.now();
  const res = await fetch(`${shopUrl}${apiPaths.productStock(dress.productId)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ colour: dress.colour, size: 'M', onHand: 3, expectedOnHand: 0, reason: 'restock' }),
  });
  if (!res.ok) throw new Error(`the restock answered ${res.status}: ${await res.text()}`);
  const deadline = started + options.timeoutSeconds * 1000;
  while (told() - before < options.waiting && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const finished = performance.now();
  const arrived = told() - before;
  if (arrived < options.waiting) {
    throw new Error(`only ${arrived} of ${options.waiting} mails arrived within ${options.timeoutSeconds} s`);
  }
  // The product goes, and its shoppers' requests with it: the next run starts from the data as generated.
  await fetch(`${shopUrl}${apiPaths.product(dress.productId)}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return {
    waiting: options.waiting,
    seconds: Math.round((finished - started) / 100) / 10,
    duplicates: [...smtp.received.entries()].filter(([id, n]) => id.startsWith('<back-in-stock.') && n > 1).length,
  };
}
