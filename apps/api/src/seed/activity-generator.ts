import { randomBytes, randomUUID } from 'node:crypto';
import type { Category, OrderStatus } from '@shop/contract/constants';
import { cartTotalsInCents } from '@shop/contract/money';
import type { orderItems, orders, reviews, users } from '../db/schema';
import { between, pick, type Rng } from './art/palette';
import { REVIEW_COMMENTS } from './demo-reviews';

const DAY = 24 * 60 * 60 * 1000;
/** Orders and reviews cover the last 18 months. */
export const ACTIVITY_DAYS = 548;

export interface UserRef {
  id: string;
  email: string;
}

export interface ProductRef {
  id: string;
  name: string;
  image: string;
  priceCents: number;
  category: Category;
  createdAt: Date;
}

const FIRST = [
  'Olivia',
  'Emma',
  'Ava',
  'Mia',
  'Isla',
  'Zara',
  'Leila',
  'Noor',
  'Hana',
  'Lucia',
  'Maya',
  'Elena',
  'Aisha',
  'Chloe',
  'Ines',
  'Freya',
  'Priya',
  'Yara',
  'Sara',
  'Julia',
];
const LAST = [
  'Smith',
  'Garcia',
  'Khan',
  'Rossi',
  'Novak',
  'Silva',
  'Kim',
  'Dubois',
  'Müller',
  'Okafor',
  'Haddad',
  'Larsen',
  'Ito',
  'Costa',
  'Walsh',
  'Ahmed',
  'Moreau',
  'Berg',
  'Lopez',
  'Patel',
];

/** Generated shoppers are shopper{n}@bench.local, all with one password, so benchmarks can log in. */
export const GENERATED_USER_PASSWORD = 'shopper-password';
export const generatedUserEmail = (n: number) => `shopper${n}@bench.local`;

export function generateUsers(rng: Rng, count: number, firstNumber: number, passwordHash: string, now: number) {
  return Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(now - Math.floor(rng() * 730 * DAY));
    return {
      id: randomUUID(),
      username: `${pick(rng, FIRST)} ${pick(rng, LAST)}`,
      email: generatedUserEmail(firstNumber + i),
      passwordHash,
      createdAt,
      updatedAt: createdAt,
    } satisfies typeof users.$inferInsert;
  });
}

/** Old orders are mostly completed; recent ones are still on their way. */
function statusFor(ageDays: number, rng: Rng): OrderStatus {
  const r = rng();
  if (ageDays > 30) return r < 0.85 ? 'completed' : r < 0.95 ? 'shipped' : 'processing';
  if (ageDays > 7) return r < 0.3 ? 'completed' : r < 0.7 ? 'shipped' : r < 0.9 ? 'processing' : 'pending';
  return r < 0.4 ? 'pending' : r < 0.8 ? 'processing' : 'shipped';
}

/** Orders of one to four products, priced from the catalogue, amount = subtotal + 5% tax. */
export function generateOrders(
  rng: Rng,
  count: number,
  buyers: readonly UserRef[],
  catalogue: readonly ProductRef[],
  now: number,
) {
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const itemRows: (typeof orderItems.$inferInsert)[] = [];
  for (let n = 0; n < count; n++) {
    const buyer = pick(rng, buyers);
    const lines = new Map<string, { product: ProductRef; quantity: number }>();
    const size = 1 + Math.floor(rng() ** 2 * 4);
    for (let k = 0; k < size; k++) {
      const product = pick(rng, catalogue);
      lines.set(product.id, { product, quantity: rng() < 0.8 ? 1 : 2 + Math.floor(rng() * 2) });
    }
    const priced = [...lines.values()];
    const totals = cartTotalsInCents(
      priced.map((l) => ({ unitPriceCents: l.product.priceCents, quantity: l.quantity })),
    );
    const ageDays = rng() * ACTIVITY_DAYS;
    const createdAt = new Date(now - ageDays * DAY);
    const updatedAt = new Date(Math.min(now, createdAt.getTime() + between(rng, 0, Math.min(ageDays, 10)) * DAY));
    const id = randomUUID();
    orderRows.push({
      id,
      orderId: `pi_generated_${randomBytes(12).toString('hex')}`,
      checkoutSessionId: `cs_generated_${randomUUID()}`,
      userId: buyer.id,
      email: buyer.email,
      status: statusFor(ageDays, rng),
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      amountCents: totals.grandTotalCents,
      createdAt,
      updatedAt,
    });
    priced.forEach((line, position) => {
      itemRows.push({
        orderId: id,
        productId: line.product.id,
        name: line.product.name,
        image: line.product.image,
        unitPriceCents: line.product.priceCents,
        quantity: line.quantity,
        position,
      });
    });
  }
  return { orderRows, itemRows };
}

const RATINGS = [5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 1] as const;

/** Reviews by distinct (user, product) pairs, written after the product arrived. */
export function generateReviews(
  rng: Rng,
  count: number,
  reviewers: readonly UserRef[],
  catalogue: readonly ProductRef[],
  now: number,
) {
  const wanted = Math.min(count, reviewers.length * catalogue.length);
  const seen = new Set<string>();
  const rows: (typeof reviews.$inferInsert & { productId: string; rating: number })[] = [];
  const earliest = now - ACTIVITY_DAYS * DAY;
  // Near a full user x product grid most draws repeat a pair; give up rather than spin.
  for (let attempts = 0; rows.length < wanted && attempts < wanted * 20; attempts++) {
    const user = pick(rng, reviewers);
    const product = pick(rng, catalogue);
    const key = `${user.id}/${product.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const from = Math.max(earliest, product.createdAt.getTime());
    const createdAt = new Date(from + rng() * (now - from));
    rows.push({
      userId: user.id,
      productId: product.id,
      rating: pick(rng, RATINGS),
      comment: pick(rng, REVIEW_COMMENTS[product.category]),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}
