import { randomBytes } from 'node:crypto';
import { toCents } from '@shop/contract/money';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/password';
import { insertVariants } from '../../modules/inventory/inventory.queries';
import { newVariant } from '../../modules/inventory/inventory.service';
import type { AppDeps } from '../../platform/deps';
import type { Transaction } from '../client';
import { products, reviews, users } from '../schema';
import type { ArtSpec } from './art/product-art';
import { DEMO_CATALOGUE } from './demo-catalogue';
import { DEMO_SHOPPERS, planReviews } from './demo-reviews';
import { demoSizeScale, demoStock } from './demo-stock';
import { renderProductImages, seedOf, slugify } from './seed-images';

export const DEMO_ADMIN_EMAIL = 'admin@shop.local';
/** The demo customer the README lists; a shopper account anyone may log in with. */
export const DEMO_CUSTOMER = { email: 'customer@shop.local', password: 'customer123', username: 'Demo Customer' };

const HOUR = 60 * 60 * 1000;
/** Products arrive every 20 hours or so, newest last, so the catalogue spans about seven weeks. */
const ARRIVAL_INTERVAL = 20 * HOUR;

/** The little the seed says while it works; the app's logger or the command line's printer. */
export interface SeedLog {
  info(details: object | string, message?: string): void;
}

/** What the seed needs from the app's dependencies. */
export type SeedDeps = Pick<AppDeps, 'config' | 'db' | 'imageStorage'>;

export interface SeedOptions {
  /** Where the generated admin password is shown, once; standard output by default, never the log. */
  announce?: (text: string) => void;
  now?: Date;
}

export interface SeedSummary {
  products: number;
  reviews: number;
  users: number;
  adminEmail: string;
}

const writeToStdout = (text: string) => {
  process.stdout.write(`${text}\n`);
};

async function hasUsers(db: AppDeps['db'] | Transaction): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(users).limit(1);
  return rows.length > 0;
}

function adminNotice(email: string, password: string): string {
  const line = '='.repeat(72);
  return [
    line,
    'An admin account was created for this shop. Its password is shown ONLY THIS ONCE:',
    `  email:    ${email}`,
    `  password: ${password}`,
    'Save it now: it will not be shown again. To choose your own, set ADMIN_EMAIL and',
    'ADMIN_PASSWORD before the first start.',
    line,
  ].join('\n');
}

/**
 * Fills an empty database with the demo catalogue, its reviews, the admin and the demo customer.
 * Does nothing when demo data is switched off or any user exists. The rows go in one transaction,
 * so a crash leaves either the whole seed or none of it; pictures are stored first under names
 * that change with their content, so a retry simply writes them again.
 */
export async function seedOnFirstStart(
  deps: SeedDeps,
  log: SeedLog,
  options: SeedOptions = {},
): Promise<SeedSummary | null> {
  if (!deps.config.seedDemoData || (await hasUsers(deps.db))) return null;
  const started = Date.now();
  const now = options.now ?? new Date();

  const images = await renderProductImages(
    deps.imageStorage,
    DEMO_CATALOGUE.map((p) => ({
      spec: { category: p.category, kind: p.art, color: p.color, seed: seedOf(p.name) } as ArtSpec,
      slug: slugify(p.name),
    })),
  );

  const adminEmail = deps.config.admin.email ?? DEMO_ADMIN_EMAIL;
  const generatedPassword = deps.config.admin.password ? undefined : randomBytes(12).toString('base64url');
  const [adminHash, customerHash, shopperHash] = await Promise.all([
    hashPassword(deps.config.admin.password ?? generatedPassword ?? ''),
    hashPassword(DEMO_CUSTOMER.password),
    // Nobody logs in as the other demo shoppers: their shared password is random and never shown.
    hashPassword(randomBytes(24).toString('base64url')),
  ]);

  const summary = await deps.db.transaction(async (tx) => {
    // Two instances starting together on one empty database: the second waits here, then finds users.
    await tx.execute(sql`select pg_advisory_xact_lock(${seedOf('shop demo seed')})`);
    if (await hasUsers(tx)) return null;

    const accountsAt = new Date(now.getTime() - (DEMO_CATALOGUE.length + 24) * ARRIVAL_INTERVAL);
    const [admin] = await tx
      .insert(users)
      .values({ username: 'Admin', email: adminEmail, passwordHash: adminHash, role: 'admin', createdAt: accountsAt })
      .returning({ id: users.id });
    const reviewers = await tx
      .insert(users)
      .values([
        ...DEMO_SHOPPERS.map((s, i) => ({
          username: s.username,
          email: s.email,
          profession: s.profession,
          passwordHash: shopperHash,
          createdAt: new Date(accountsAt.getTime() + (i + 1) * 3 * HOUR),
        })),
        {
          username: DEMO_CUSTOMER.username,
          email: DEMO_CUSTOMER.email,
          passwordHash: customerHash,
          createdAt: new Date(accountsAt.getTime() + 24 * HOUR),
        },
      ])
      .returning({ id: users.id });

    const planned = DEMO_CATALOGUE.map((p, i) => planReviews(i, p.category, p.rating, reviewers.length));
    const productRows = await tx
      .insert(products)
      .values(
        DEMO_CATALOGUE.map((p, i) => {
          const plan = planned[i] ?? [];
          const createdAt = new Date(
            now.getTime() - (DEMO_CATALOGUE.length - i) * ARRIVAL_INTERVAL + (seedOf(p.name) % 6) * HOUR,
          );
          return {
            name: p.name,
            category: p.category,
            color: p.color,
            description: p.description,
            priceCents: toCents(p.price),
            oldPriceCents: p.oldPrice === undefined ? null : toCents(p.oldPrice),
            image: images[i] ?? '',
            // A reviewed product's rating is the average of its reviews, as the reviews module keeps it.
            rating: plan.length > 0 ? plan.reduce((sum, r) => sum + r.rating, 0) / plan.length : p.rating,
            reviewCount: plan.length,
            sizeScale: demoSizeScale(p),
            authorId: admin?.id ?? null,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: products.id, createdAt: products.createdAt });
    // The seeded stock is each size's opening count: the ledger starts with the shop's first sale.
    await insertVariants(
      tx,
      productRows.flatMap((product, i) => {
        const demo = DEMO_CATALOGUE[i];
        return demo ? demoStock(demo).map((s) => newVariant(product.id, s.size, s.onHand)) : [];
      }),
    );

    const reviewRows = productRows.flatMap((product, i) =>
      (planned[i] ?? []).map((r) => {
        const at = new Date(product.createdAt.getTime() + r.when * (now.getTime() - product.createdAt.getTime()));
        return {
          productId: product.id,
          userId: reviewers[r.reviewer]?.id ?? null,
          rating: r.rating,
          comment: r.comment,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
    if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);
    return { products: productRows.length, reviews: reviewRows.length, users: reviewers.length + 1, adminEmail };
  });

  if (!summary) {
    log.info('demo data skipped: another instance seeded this database first');
    return null;
  }
  if (generatedPassword) (options.announce ?? writeToStdout)(adminNotice(adminEmail, generatedPassword));
  // Accounts and passwords go to the person at the terminal (the notice above, the README), never to the log.
  const { adminEmail: _email, ...counts } = summary;
  log.info({ ...counts, ms: Date.now() - started }, 'demo data seeded (the demo accounts are in the README)');
  return summary;
}
