import fs from 'node:fs';
import path from 'node:path';
import { CATEGORIES, COLORS, PRICE_RANGES, UPLOAD_VARIANT_WIDTHS } from '@shop/contract/constants';
import { toDollars } from '@shop/contract/money';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews, users } from '../db/schema';
import { verifyPassword } from '../modules/auth/password';
import { uploadsDir } from '../modules/uploads/image-storage';
import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { adminPasswordFile, DEMO_ADMIN_EMAIL, DEMO_CUSTOMER, seedOnFirstStart } from './demo-seed';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The generated admin password, read from its file, after checking that only its owner may read it and that
 * the notice names the file without the password.
 */
function generatedPassword(t: TestApp, announced: string[]): string {
  const file = adminPasswordFile(t.config);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const content = fs.readFileSync(file, 'utf8');
  expect(content).toContain(`email: ${DEMO_ADMIN_EMAIL}`);
  const password = /password: (\S+)/.exec(content)?.[1] ?? '';
  expect(password.length).toBeGreaterThanOrEqual(12);
  expect(announced).toHaveLength(1);
  expect(announced[0]).toContain(file);
  expect(announced[0]).not.toContain(password);
  expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.pending'))).toEqual([]);
  return password;
}

async function snapshot(t: TestApp) {
  return {
    users: await t.db.select().from(users).orderBy(asc(users.email)),
    products: await t.db.select().from(products).orderBy(asc(products.name)),
    reviews: await t.db.select().from(reviews).orderBy(asc(reviews.id)),
    files: fs.readdirSync(uploadsDir(t.config)).sort(),
  };
}

describe('the demo seed on an empty database', () => {
  let t: TestApp;
  const announced: string[] = [];
  let before: Date;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO_DATA: 'true' } });
    before = new Date();
    const summary = await seedOnFirstStart(t.app.deps, t.app.log, { announce: (text) => announced.push(text) });
    expect(summary).toEqual({ products: 64, reviews: expect.any(Number), users: 7, adminEmail: DEMO_ADMIN_EMAIL });
  }, 120_000);
  afterAll(() => t.close());

  it('creates at least 60 products across every category, colour and price range', async () => {
    const rows = await t.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((p) => p.color))).toEqual(new Set(COLORS));
    for (const range of PRICE_RANGES) {
      const inRange = rows.filter((p) => {
        const price = toDollars(p.priceCents);
        return price >= range.min && (range.max === undefined || price < range.max);
      });
      expect(inRange.length, range.label).toBeGreaterThanOrEqual(5);
    }
    for (const category of CATEGORIES) {
      expect(rows.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(12);
    }
  });

  it('puts about a third of the products on sale, always below the old price', async () => {
    const rows = await t.db.select().from(products);
    const onSale = rows.filter((p) => p.oldPriceCents !== null);
    expect(onSale.length / rows.length).toBeGreaterThan(0.25);
    expect(onSale.length / rows.length).toBeLessThan(0.45);
    for (const p of onSale) expect(p.oldPriceCents, p.name).toBeGreaterThan(p.priceCents);
  });

  it('gives every product a distinct name, a short description and a rating', async () => {
    const rows = await t.db.select().from(products);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
    for (const p of rows) {
      const sentences = p.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length;
      expect(sentences, p.name).toBeGreaterThanOrEqual(1);
      expect(sentences, p.name).toBeLessThanOrEqual(3);
      expect(p.rating, p.name).toBeGreaterThanOrEqual(1);
      expect(p.rating, p.name).toBeLessThanOrEqual(5);
    }
  });

  it('finds silk products by searching for silk', async () => {
    const rows = await t.db
      .select({ name: products.name })
      .from(products)
      .where(sql`${products.name} ilike '%silk%' or ${products.description} ilike '%silk%'`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('draws each product its own square picture, stored as uploads are: WebP, and AVIF and WebP at each width', async () => {
    const rows = await t.db.select().from(products);
    expect(new Set(rows.map((p) => p.image)).size).toBe(rows.length);
    const dir = uploadsDir(t.config);
    for (const p of rows) {
      const base = /^\/uploads\/([a-z0-9-]+)\.webp$/.exec(p.image)?.[1];
      expect(base, p.name).toBeDefined();
      const files = [
        { file: `${base}.webp`, format: 'webp', size: 1200 },
        ...UPLOAD_VARIANT_WIDTHS.flatMap((size) => [
          { file: `${base}-${size}.webp`, format: 'webp', size },
          { file: `${base}-${size}.avif`, format: 'heif', size },
        ]),
      ];
      for (const { file, format, size } of files) {
        const meta = await sharp(`${dir}/${file}`).metadata();
        expect([meta.format, meta.width, meta.height], file).toEqual([format, size, size]);
      }
    }
    const served = await t.app.inject({ method: 'GET', url: rows[0]?.image ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('writes a few dozen reviews that agree with each product rating and count', async () => {
    const all = await t.db.select().from(reviews);
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.length).toBeLessThanOrEqual(80);
    const rows = await t.db.select().from(products);
    for (const p of rows) {
      const own = all.filter((r) => r.productId === p.id);
      expect(p.reviewCount, p.name).toBe(own.length);
      if (own.length > 0) {
        expect(p.rating, p.name).toBeCloseTo(own.reduce((s, r) => s + r.rating, 0) / own.length, 6);
      }
      for (const r of own) {
        expect(r.createdAt.getTime(), p.name).toBeGreaterThanOrEqual(p.createdAt.getTime());
        expect(r.createdAt.getTime(), p.name).toBeLessThanOrEqual(Date.now());
      }
    }
    expect(new Set(all.map((r) => r.userId)).size).toBeGreaterThanOrEqual(5);
  });

  it('spreads the arrivals over recent weeks', async () => {
    const dates = (await t.db.select({ at: products.createdAt }).from(products)).map((r) => r.at.getTime());
    expect(Math.max(...dates)).toBeLessThanOrEqual(before.getTime());
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(28 * DAY);
    expect(before.getTime() - Math.min(...dates)).toBeLessThan(70 * DAY);
  });

  it('creates the admin with a generated password in a file only its owner reads, and the demo customer', async () => {
    const password = generatedPassword(t, announced);
    const [admin] = await t.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(password, admin?.passwordHash ?? '')).toBe(true);
    const [customer] = await t.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(customer?.role).toBe('user');
    expect(await verifyPassword('customer123', customer?.passwordHash ?? '')).toBe(true);
    const admins = await t.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('changes nothing when it runs again', async () => {
    const first = await snapshot(t);
    const again = await seedOnFirstStart(t.app.deps, t.app.log, { announce: (text) => announced.push(text) });
    expect(again).toBeNull();
    expect(await snapshot(t)).toEqual(first);
    expect(announced).toHaveLength(1);
  });
});

describe('without demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO_DATA: 'false' } });
  });
  afterAll(() => t.close());

  it('gives an empty shop its admin, with a password in its file, and nothing of the demo', async () => {
    const announced: string[] = [];
    const summary = await seedOnFirstStart(t.app.deps, t.app.log, { announce: (text) => announced.push(text) });
    expect(summary).toEqual({ products: 0, reviews: 0, users: 1, adminEmail: DEMO_ADMIN_EMAIL });
    const password = generatedPassword(t, announced);
    const after = await snapshot(t);
    expect(after).toMatchObject({ products: [], reviews: [], files: [] });
    expect(after.users.map((u) => [u.email, u.role])).toEqual([[DEMO_ADMIN_EMAIL, 'admin']]);
    expect(await verifyPassword(password, after.users[0]?.passwordHash ?? '')).toBe(true);

    expect(await seedOnFirstStart(t.app.deps, t.app.log, { announce: (text) => announced.push(text) })).toBeNull();
    expect(announced).toHaveLength(1);
    expect((await snapshot(t)).users).toEqual(after.users);
  });

  it('does nothing on a database that already has users', async () => {
    await t.db.delete(users);
    const deps = { ...t.app.deps, config: { ...t.app.deps.config, seedDemoData: true } };
    const owner = await createUser(t.db, { role: 'admin' });
    expect(await seedOnFirstStart(deps, t.app.log, { announce: () => {} })).toBeNull();
    const after = await snapshot(t);
    expect(after.users.map((u) => u.id)).toEqual([owner.id]);
    expect(after.products).toEqual([]);
    expect(after.files).toEqual([]);
  });
});

describe('the demo seed with ADMIN_EMAIL and ADMIN_PASSWORD set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { SEED_DEMO_DATA: 'true', ADMIN_EMAIL: 'owner@boutique.test', ADMIN_PASSWORD: 'a-long-secret-1' },
    });
  });
  afterAll(() => t.close());

  it('creates that admin and announces no password', async () => {
    const announced: string[] = [];
    const summary = await seedOnFirstStart(t.app.deps, t.app.log, { announce: (text) => announced.push(text) });
    expect(summary?.adminEmail).toBe('owner@boutique.test');
    expect(announced).toEqual([]);
    expect(fs.existsSync(adminPasswordFile(t.config))).toBe(false);
    const admins = await t.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((a) => a.email)).toEqual(['owner@boutique.test']);
    expect(await verifyPassword('a-long-secret-1', admins[0]?.passwordHash ?? '')).toBe(true);
  }, 120_000);
});
