import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { toCents } from '@shop/contract/money';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../app-deps';
import type { Transaction } from '../db/client';
import { productColours, products, reviews, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { insertVariants } from '../modules/inventory/inventory.queries';
import { newVariant } from '../modules/inventory/inventory.service';
import type { ArtSpec } from './art/product-art';
import { DEMO_CATALOGUE } from './demo-catalogue';
import { demoColourRows, demoColourStock, demoGalleryRenders } from './demo-colours';
import { DEMO_SHOPPERS, type PlannedReview, planReviews } from './demo-reviews';
import { demoSizeScale } from './demo-stock';
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
  /** Where the path of the generated admin password's file is shown; standard output by default. */
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

/** The file a generated admin password is written to, under DATA_DIR. */
export const adminPasswordFile = (config: SeedDeps['config']) => path.join(config.dataDir, 'admin-password.txt');

function adminNotice(email: string, file: string): string {
  const line = '='.repeat(72);
  return [
    line,
    `An admin account was created for this shop: ${email}`,
    `Its generated password is in ${file}, readable by this user only.`,
    'Read it, log in and change it, then delete the file. To choose your own, set ADMIN_EMAIL and',
    'ADMIN_PASSWORD before the first start.',
    line,
  ].join('\n');
}

/**
 * A generated password goes to a file only the shop's user can read, never to standard output, which is the
 * log stream in production. It is written before the admin is made, so a shop that cannot write it makes none;
 * it takes its final name only once the admin is committed, so an instance that lost the race to make the first
 * accounts leaves the winner's file alone.
 */
function keepAdminPassword(config: SeedDeps['config'], email: string, password: string) {
  const file = adminPasswordFile(config);
  const pending = `${file}.${randomBytes(6).toString('hex')}.pending`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(pending, `email: ${email}\npassword: ${password}\n`, { mode: 0o600, flag: 'wx' });
  return {
    file,
    keep: () => fs.renameSync(pending, file),
    drop: () => fs.rmSync(pending, { force: true }),
  };
}

/** The admin made on first start: ADMIN_EMAIL and ADMIN_PASSWORD, or a generated password. */
async function firstAdmin(config: SeedDeps['config']) {
  const generatedPassword = config.admin.password ? undefined : randomBytes(12).toString('base64url');
  return {
    email: config.admin.email ?? DEMO_ADMIN_EMAIL,
    passwordHash: await hashPassword(config.admin.password ?? generatedPassword ?? ''),
    generatedPassword,
  };
}

type FirstAdmin = Awaited<ReturnType<typeof firstAdmin>>;

async function insertAdmin(tx: Transaction, admin: FirstAdmin, createdAt?: Date) {
  const [row] = await tx
    .insert(users)
    .values({ username: 'Admin', email: admin.email, passwordHash: admin.passwordHash, role: 'admin', createdAt })
    .returning({ id: users.id });
  return row;
}

/**
 * Makes the first accounts of an empty database in one transaction, so a crash leaves all of them or none.
 * Two instances starting together on one empty database: the second waits for the first's lock, then
 * finds users and makes nothing (null).
 */
function onEmptyDatabase<Made>(db: SeedDeps['db'], make: (tx: Transaction) => Promise<Made>): Promise<Made | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedOf('shop demo seed')})`);
    return (await hasUsers(tx)) ? null : make(tx);
  });
}

/**
 * Gives an empty database its admin, so that a shop started without demo data can be run (with it, the
 * demo catalogue, its reviews and the demo customer come too: `seedDemoData`). Does nothing once any user
 * exists. A generated admin password is written to a file of its own (`adminPasswordFile`), never printed.
 */
export async function seedOnFirstStart(
  deps: SeedDeps,
  log: SeedLog,
  options: SeedOptions = {},
): Promise<SeedSummary | null> {
  if (await hasUsers(deps.db)) return null;
  const started = Date.now();
  const admin = await firstAdmin(deps.config);
  const passwordFile = admin.generatedPassword
    ? keepAdminPassword(deps.config, admin.email, admin.generatedPassword)
    : undefined;
  let summary: SeedSummary | null;
  try {
    summary = deps.config.seedDemoData
      ? await seedDemoData(deps, admin, options.now ?? new Date())
      : await onEmptyDatabase(deps.db, async (tx) => {
          await insertAdmin(tx, admin);
          return { products: 0, reviews: 0, users: 1, adminEmail: admin.email };
        });
  } catch (err) {
    passwordFile?.drop();
    throw err;
  }
  if (!summary) {
    passwordFile?.drop();
    log.info("first start skipped: another instance made this database's first accounts");
    return null;
  }
  if (passwordFile) {
    passwordFile.keep();
    (options.announce ?? writeToStdout)(adminNotice(admin.email, passwordFile.file));
  }
  // Passwords never go to the log (the generated one is in its file, the demo customer's in the README).
  const { adminEmail: _email, ...counts } = summary;
  log.info(
    { ...counts, ms: Date.now() - started },
    deps.config.seedDemoData
      ? 'demo data seeded (the demo accounts are in the README)'
      : 'the admin account was created',
  );
  return summary;
}

/** The demo shoppers who wrote the reviews and the demo customer, after the admin, hours apart. */
function insertDemoShoppers(tx: Transaction, accountsAt: Date, hashes: { customer: string; shopper: string }) {
  return tx
    .insert(users)
    .values([
      ...DEMO_SHOPPERS.map((s, i) => ({
        username: s.username,
        email: s.email,
        profession: s.profession,
        passwordHash: hashes.shopper,
        createdAt: new Date(accountsAt.getTime() + (i + 1) * 3 * HOUR),
      })),
      {
        username: DEMO_CUSTOMER.username,
        email: DEMO_CUSTOMER.email,
        passwordHash: hashes.customer,
        createdAt: new Date(accountsAt.getTime() + 24 * HOUR),
      },
    ])
    .returning({ id: users.id });
}

/** The demo catalogue's products, arriving one after another up to `now`, each rated by its planned reviews. */
function insertDemoProducts(
  tx: Transaction,
  catalogue: { images: string[]; planned: PlannedReview[][]; authorId: string | null },
  now: Date,
) {
  return tx
    .insert(products)
    .values(
      DEMO_CATALOGUE.map((p, i) => {
        const plan = catalogue.planned[i] ?? [];
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
          image: catalogue.images[i] ?? '',
          // A reviewed product's rating is the average of its reviews, as the reviews module keeps it.
          rating: plan.length > 0 ? plan.reduce((sum, r) => sum + r.rating, 0) / plan.length : p.rating,
          reviewCount: plan.length,
          sizeScale: demoSizeScale(p),
          authorId: catalogue.authorId,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: products.id, createdAt: products.createdAt });
}

/** Each product's planned reviews, written between its arrival and `now` by the demo shoppers. */
function demoReviewRows(
  productRows: { id: string; createdAt: Date }[],
  planned: PlannedReview[][],
  reviewers: { id: string }[],
  now: Date,
) {
  return productRows.flatMap((product, i) =>
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
}

/**
 * The demo catalogue, its reviews, the admin and the demo customer. Pictures are stored first under names
 * that change with their content, so a retry simply writes them again.
 */
async function seedDemoData(deps: SeedDeps, admin: FirstAdmin, now: Date): Promise<SeedSummary | null> {
  const images = await renderProductImages(
    deps.imageStorage,
    DEMO_CATALOGUE.map((p) => ({
      spec: { category: p.category, kind: p.art, color: p.color, seed: seedOf(p.name) } as ArtSpec,
      slug: slugify(p.name),
    })),
  );
  const gallery = demoGalleryRenders();
  const galleryUrls = await renderProductImages(deps.imageStorage, gallery);
  const drawn = new Map(gallery.map((g, i) => [g.key, galleryUrls[i] ?? '']));
  const [customerHash, shopperHash] = await Promise.all([
    hashPassword(DEMO_CUSTOMER.password),
    // Nobody logs in as the other demo shoppers: their shared password is random and never shown.
    hashPassword(randomBytes(24).toString('base64url')),
  ]);

  return onEmptyDatabase(deps.db, async (tx) => {
    const accountsAt = new Date(now.getTime() - (DEMO_CATALOGUE.length + 24) * ARRIVAL_INTERVAL);
    const adminRow = await insertAdmin(tx, admin, accountsAt);
    const reviewers = await insertDemoShoppers(tx, accountsAt, { customer: customerHash, shopper: shopperHash });
    // The demo accounts stand for customers who confirmed their e-mails when they signed up.
    await tx.update(users).set({ emailConfirmedAt: sql`${users.createdAt}` });
    const planned = DEMO_CATALOGUE.map((p, i) => planReviews(i, p.category, p.rating, reviewers.length));
    const productRows = await insertDemoProducts(tx, { images, planned, authorId: adminRow?.id ?? null }, now);
    await tx.insert(productColours).values(demoColourRows(productRows, images, drawn));
    // The seeded stock is each size's opening count: the ledger starts with the shop's first sale.
    await insertVariants(
      tx,
      productRows.flatMap((product, i) => {
        const demo = DEMO_CATALOGUE[i];
        return demo ? demoColourStock(i).map((s) => newVariant(product.id, s.color, s.size, s.onHand, demo.color)) : [];
      }),
    );
    const reviewRows = demoReviewRows(productRows, planned, reviewers, now);
    if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);
    return {
      products: productRows.length,
      reviews: reviewRows.length,
      users: reviewers.length + 1,
      adminEmail: admin.email,
    };
  });
}
