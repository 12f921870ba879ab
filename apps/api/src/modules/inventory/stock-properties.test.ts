import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productVariants } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createAdmin, createProduct, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activeReservedOf, ledgerTotals } from './inventory.queries';
import { type CartLine, changeStock, endHold, reserveCart } from './inventory.service';

/**
 * Stock under random sequences of everything that moves it: holds, payments, cancellations, expiries,
 * admin changes, and pairs of them at once. After each step the ledger must explain every count, the
 * held count must be the active holds, and nothing may go below zero.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

const SIZES = ['S', 'M', 'L'] as const;

type Op =
  | { kind: 'reserve'; lines: { size: number; quantity: number }[] }
  | { kind: 'pay' | 'cancel' | 'expire'; hold: number }
  | { kind: 'adjust'; size: number; onHand: number };
type Step = Op | { kind: 'together'; first: Op; second: Op };

const sizeIndex = fc.integer({ min: 0, max: SIZES.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('reserve' as const),
      lines: fc.uniqueArray(fc.record({ size: sizeIndex, quantity: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 3,
        selector: (l) => l.size,
      }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), hold: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), hold: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), hold: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      size: sizeIndex,
      onHand: fc.integer({ min: 0, max: 8 }),
    }),
  },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: op },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('together' as const), first: op, second: op }) },
);

const RUNS = 10;
const STEPS_PER_RUN = 50;

it(`keeps on hand = opening + ledger, reserved = active holds, never below zero, over ${RUNS * STEPS_PER_RUN} random steps`, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: STEPS_PER_RUN, maxLength: STEPS_PER_RUN }), async (steps) => {
      const product = await createProduct(t.db, {
        category: 'dress',
        sizeScale: 'clothing',
        stock: [
          { size: 'S', onHand: 4 },
          { size: 'M', onHand: 2 },
          { size: 'L', onHand: 0 },
        ],
      });
      const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
      const variantOf = (size: number) => variants.find((v) => v.size === SIZES[size]);
      const holds: string[] = [];
      const ctx = {
        db: t.db,
        config: t.config,
        actor: admin as never,
        ip: '127.0.0.1',
        log: t.app.log,
        events: t.app.deps.events,
        jobs: t.app.deps.jobs,
      };

      const run = async (o: Op): Promise<void> => {
        if (o.kind === 'reserve') {
          const lines: CartLine[] = o.lines.map((l) => ({
            productId: product.id,
            variantId: variantOf(l.size)?.id ?? '',
            name: product.name,
            image: product.image,
            size: SIZES[l.size] ?? 'S',
            color: product.color,
            colourName: product.color,
            sku: variantOf(l.size)?.sku ?? '',
            unitPriceCents: product.priceCents,
            category: product.category,
            quantity: l.quantity,
          }));
          try {
            holds.push(await reserveCart(t.db, lines, admin.id, new Date(Date.now() + 60_000)));
          } catch (err) {
            if (!(err instanceof AppError && err.kind === 'conflict')) throw err;
          }
        } else if (o.kind === 'adjust') {
          const [row] = await t.db
            .select()
            .from(productVariants)
            .where(eq(productVariants.id, variantOf(o.size)?.id ?? ''));
          try {
            await changeStock(ctx, product.id, {
              size: SIZES[o.size] ?? 'S',
              onHand: o.onHand,
              expectedOnHand: row?.onHand ?? 0,
              reason: 'adjustment',
            });
          } catch (err) {
            // Below what is held, or a sale in between: refused, and nothing changed.
            if (!(err instanceof AppError && err.kind === 'conflict')) throw err;
          }
        } else if (holds.length > 0) {
          const hold = holds[o.hold % holds.length] ?? '';
          const end = o.kind === 'pay' ? 'paid' : o.kind === 'cancel' ? 'cancelled' : 'expired';
          await t.db.transaction((tx) => endHold(tx, hold, end, null));
        }
      };

      for (const s of steps) {
        if (s.kind === 'together') await Promise.all([run(s.first), run(s.second)]);
        else await run(s);
        for (const v of variants) {
          const [row] = await t.db.select().from(productVariants).where(eq(productVariants.id, v.id));
          const totals = await ledgerTotals(t.db, v.id);
          expect(row?.onHand).toBe(v.openingOnHand + totals.onHand);
          expect(row?.reserved).toBe(totals.reserved);
          expect(row?.reserved).toBe(await activeReservedOf(t.db, v.id));
          expect(row?.onHand).toBeGreaterThanOrEqual(0);
          expect(row?.reserved).toBeGreaterThanOrEqual(0);
          expect(row?.reserved).toBeLessThanOrEqual(row?.onHand ?? 0);
        }
      }
    }),
    { numRuns: RUNS },
  );
}, 300_000);
