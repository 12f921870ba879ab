import { CATEGORIES, type Category, COLORS, type Color } from '@shop/contract/constants';
import { eq, like, sql } from 'drizzle-orm';
import { bulkInsert } from '../db/bulk-insert';
import type { Database } from '../db/client';
import { orderItems, orders, productColours, products, productVariants, reviews, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import type { ImageStorage } from '../modules/uploads/image-storage';
import {
  GENERATED_USER_PASSWORD,
  generateOrders,
  generateReviews,
  generateUsers,
  type ProductRef,
  type UserRef,
} from './activity-generator';
import type { Rng } from './art/palette';
import { ART_KINDS, type ArtSpec } from './art/product-art';
import { generateColours, generateProduct, generateVariants, type ProductRow } from './catalogue-generator';
import { renderProductImages, seedOf } from './seed-images';

export interface FillRequest {
  products: number;
  users: number;
  orders: number;
  reviews: number;
}

export interface FillContext {
  db: Database;
  imageStorage: ImageStorage;
  rng: Rng;
  now: number;
  /** Runs one named step; the command line times and prints it. */
  step: <T>(label: string, work: () => Promise<T>) => Promise<T>;
}

/** Orders and reviews pick from at most this many existing users and products. */
const SAMPLE_SIZE = 20_000;

/** One picture per category and colour, drawn once and shared by every generated product. */
async function renderPool(storage: ImageStorage): Promise<Map<string, string>> {
  const combos = CATEGORIES.flatMap((category) => COLORS.map((color) => ({ category, color })));
  const urls = await renderProductImages(
    storage,
    combos.map(({ category, color }, i) => {
      const kinds: readonly string[] = ART_KINDS[category];
      // The kind is read from ART_KINDS of the same category, so the pair is always valid.
      const spec = { category, color, kind: kinds[i % kinds.length], seed: seedOf(`${category}/${color}`) } as ArtSpec;
      return { spec, slug: `catalogue-${category}-${color}` };
    }),
  );
  return new Map(combos.map((c, i) => [`${c.category}/${c.color}`, urls[i] ?? '']));
}

function sampleUsers(db: Database): Promise<UserRef[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'user'))
    .orderBy(sql`random()`)
    .limit(SAMPLE_SIZE);
}

function sampleProducts(db: Database): Promise<ProductRef[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      priceCents: products.priceCents,
      category: products.category,
      createdAt: products.createdAt,
    })
    .from(products)
    .orderBy(sql`random()`)
    .limit(SAMPLE_SIZE);
}

/** Sets each new product's rating and review count from the reviews about to be written for it. */
function applyRatings(rows: ProductRow[], planned: readonly { productId: string; rating: number }[]): void {
  const byProduct = new Map<string, { sum: number; n: number }>();
  for (const r of planned) {
    const agg = byProduct.get(r.productId) ?? { sum: 0, n: 0 };
    agg.sum += r.rating;
    agg.n += 1;
    byProduct.set(r.productId, agg);
  }
  for (const row of rows) {
    const agg = byProduct.get(row.id);
    if (agg) Object.assign(row, { rating: agg.sum / agg.n, reviewCount: agg.n });
  }
}

async function insertUsers(ctx: FillContext, count: number): Promise<UserRef[]> {
  const [existing] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.email, 'shopper%@bench.local'));
  const hash = await hashPassword(GENERATED_USER_PASSWORD);
  const rows = generateUsers(ctx.rng, count, (existing?.n ?? 0) + 1, hash, ctx.now);
  await bulkInsert(ctx.db, users, rows);
  return rows.map((u) => ({ id: u.id, email: u.email }));
}

/**
 * Adds generated products, users, reviews and orders. Reviews and orders go to this run's users
 * and products, or to a sample of those already in the database when the run makes none.
 */
export async function fillCatalogue(ctx: FillContext, wanted: FillRequest): Promise<void> {
  const { db, rng, now, step } = ctx;
  let newProducts: ProductRow[] = [];
  let imageOf: (category: Category, color: Color) => string = () => '';
  if (wanted.products > 0) {
    const pool = await step('picture pool (28 drawings)', () => renderPool(ctx.imageStorage));
    imageOf = (category, color) => pool.get(`${category}/${color}`) ?? '';
    newProducts = Array.from({ length: wanted.products }, () => generateProduct(rng, now, imageOf));
  }
  const newUsers = wanted.users > 0 ? await step(`${wanted.users} users`, () => insertUsers(ctx, wanted.users)) : [];

  const needActivity = wanted.orders > 0 || wanted.reviews > 0;
  const buyers = newUsers.length > 0 || !needActivity ? newUsers : await sampleUsers(db);
  const catalogue: ProductRef[] =
    newProducts.length > 0 || !needActivity
      ? newProducts.map(({ id, name, image, priceCents, category, createdAt }) => ({
          id,
          name,
          image,
          priceCents,
          category,
          createdAt,
        }))
      : await sampleProducts(db);
  if (needActivity && (buyers.length === 0 || catalogue.length === 0)) {
    throw new Error('Orders and reviews need users and products: add --users and --products, or seed them first');
  }

  const reviewRows = wanted.reviews > 0 ? generateReviews(rng, wanted.reviews, buyers, catalogue, now) : [];
  if (newProducts.length > 0) {
    // Ratings are known before the products go in, so no second pass rewrites every product.
    applyRatings(newProducts, reviewRows);
    await step(`${newProducts.length} products`, () => bulkInsert(db, products, newProducts));
    const colours = newProducts.flatMap((product) => generateColours(product, imageOf));
    await step(`${colours.length} colours`, () => bulkInsert(db, productColours, colours));
    const sizes = newProducts.flatMap((product) => generateVariants(rng, product));
    await step(`${sizes.length} sizes`, () => bulkInsert(db, productVariants, sizes));
  }
  if (reviewRows.length > 0) {
    await step(`${reviewRows.length} reviews`, async () => {
      await bulkInsert(db, reviews, reviewRows, { ignoreConflicts: true });
      if (newProducts.length > 0) return;
      await db.execute(sql`
        update ${products} p set rating = s.avg, review_count = s.n
        from (select product_id, avg(rating)::float8 as avg, count(*)::int as n from ${reviews} group by product_id) s
        where p.id = s.product_id and (p.rating <> s.avg or p.review_count <> s.n)`);
    });
  }
  if (wanted.orders > 0) {
    await step(`${wanted.orders} orders`, async () => {
      const { orderRows, itemRows } = generateOrders(rng, wanted.orders, buyers, catalogue, now);
      await bulkInsert(db, orders, orderRows);
      // Each statement's lines are added to the day's sales by product and category (triggers).
      await bulkInsert(db, orderItems, itemRows, { oneAtATime: true });
    });
  }
}
