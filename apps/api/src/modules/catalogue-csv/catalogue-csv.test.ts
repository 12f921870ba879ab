import { apiPaths } from '@shop/contract/api-paths';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_MAX_ROWS,
  CATALOGUE_CSV_MESSAGES,
  type CatalogueImportResponse,
} from '@shop/contract/catalogue-csv';
import { COLORS, type Color } from '@shop/contract/constants';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '../../db/bulk-insert';
import { auditLog, productColours, products, productVariants, stockLedger } from '../../db/schema';
import { rngOf } from '../../seed/art/palette';
import { generateColours, generateProduct, generateVariants } from '../../seed/catalogue-generator';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let shop: TestApp;
let empty: TestApp;
let admin: TestUser;
let emptyAdmin: TestUser;

const PRODUCTS = 1_000;

/** A thousand dresses, each in three colours of five sizes, written as the seed writes its catalogue. */
async function fillShop(t: TestApp) {
  const rng = rngOf(7);
  const imageOf = (category: string, color: string) => `/uploads/csv-${category}-${color}.webp`;
  const rows = Array.from({ length: PRODUCTS }, (_, i) => {
    const product = generateProduct(rng, Date.now(), imageOf);
    const first = COLORS[i % COLORS.length] as Color;
    const others = COLORS.filter((c) => c !== first).slice(i % 3, (i % 3) + 2);
    return {
      ...product,
      category: 'dress' as const,
      color: first,
      sizeScale: 'clothing' as const,
      colourKeys: [first, ...others],
    };
  });
  await bulkInsert(t.db, products, rows);
  await bulkInsert(
    t.db,
    productColours,
    rows.flatMap((p) => generateColours(p, imageOf)),
  );
  await bulkInsert(
    t.db,
    productVariants,
    rows.flatMap((p) => generateVariants(rng, p)),
  );
}

const exportFile = async (t: TestApp, user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: apiPaths.catalogueExport, headers: user.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return res.body;
};

function importFile(t: TestApp, user: TestUser | undefined, file: string, dryRun = false) {
  return t.app.inject({
    method: 'POST',
    url: `${apiPaths.catalogueImport}${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...(user?.headers ?? {}), 'content-type': 'text/csv' },
    payload: file,
  });
}

/** The file's products as sorted blocks of rows, without what names a product's id (the handle's end, SKUs). */
function normalised(file: string): string[] {
  const rows: Record<string, string>[] = parse(file, { columns: true });
  const blocks = new Map<string, string[]>();
  for (const row of rows) {
    const handle = row.Handle?.replace(/-[0-9a-f]{8}$/, '') ?? '';
    const key = row.Handle ?? '';
    const line = JSON.stringify({ ...row, Handle: handle, 'Variant SKU': row['Variant SKU'] ? 'sku' : '' });
    blocks.set(key, [...(blocks.get(key) ?? []), line]);
  }
  return [...blocks.values()].map((b) => b.join('\n')).sort();
}

const count = async (t: TestApp, table: typeof products | typeof productColours | typeof productVariants) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

beforeAll(async () => {
  [shop, empty] = await Promise.all([createTestApp(), createTestApp()]);
  [admin, emptyAdmin] = await Promise.all([createAdmin(shop.db), createAdmin(empty.db)]);
  await fillShop(shop);
});
afterAll(() => Promise.all([shop?.close(), empty?.close()]));

describe('catalogue CSV export and import', () => {
  it('exports every size of every colour, and an empty shop imports the same catalogue back', async () => {
    const first = await exportFile(shop, admin);
    const header = first.split('\n')[0]?.trim();
    expect(header).toBe(CATALOGUE_CSV_COLUMNS.join(','));
    const dry = await importFile(empty, emptyAdmin, first, true);
    expect([dry.statusCode, dry.json<CatalogueImportResponse>().problems]).toEqual([200, []]);
    expect(await count(empty, products)).toBe(0);

    const res = await importFile(empty, emptyAdmin, first);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ products: PRODUCTS, colours: PRODUCTS * 3, sizes: PRODUCTS * 15, problems: [] });
    expect([
      await count(empty, products),
      await count(empty, productColours),
      await count(empty, productVariants),
    ]).toEqual([PRODUCTS, PRODUCTS * 3, PRODUCTS * 15]);
    const second = await exportFile(empty, emptyAdmin);
    expect(normalised(second)).toEqual(normalised(first));

    // Stock arrived as the admin's restocks, and the import is in the audit log.
    const [ledger] = await empty.db
      .select({ n: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(on_hand_delta), 0)::int` })
      .from(stockLedger)
      .where(eq(stockLedger.actorId, emptyAdmin.id));
    const [onHand] = await empty.db.select({ total: sql<number>`sum(on_hand)::int` }).from(productVariants);
    expect(ledger?.total).toBe(onHand?.total);
    const audits = await empty.db.select().from(auditLog).where(eq(auditLog.kind, 'catalogue.imported'));
    expect(audits).toHaveLength(1);

    // The same file again names products the shop has: nothing is added twice.
    const again = await importFile(empty, emptyAdmin, second);
    expect(again.statusCode).toBe(400);
    expect(again.json<CatalogueImportResponse>().problems[0]?.message).toMatch(/is in the shop already/);
    expect(await count(empty, products)).toBe(PRODUCTS);
  });
});

const row = (values: Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>) =>
  CATALOGUE_CSV_COLUMNS.map((c) => values[c] ?? '');
const product = (handle: string, title: string) => ({
  Handle: handle,
  Title: title,
  'Body (HTML)': '<p>Soft <b>cotton</b>.</p>',
  Type: 'dress',
});
const size = (handle: string, colour: string, label: string, price = '49.90') => ({
  Handle: handle,
  'Option1 Value': colour,
  'Option2 Value': label,
  'Variant Price': price,
  'Variant Inventory Qty': '4',
  'Variant Image': `/uploads/${handle}-${colour}.webp`,
});

function smallFile(bad: boolean): string {
  const rows = [
    row({ ...product('good-dress', 'Good Dress'), ...size('good-dress', 'Red', 'S') }),
    row(size('good-dress', 'red', 'M')),
    row(size('good-dress', 'Black', 'M')),
    row({ ...product('priced', 'Priced Dress'), ...size('priced', 'Blue', 'S', bad ? 'forty' : '40') }),
    row({ ...product('burgundy', 'Burgundy Dress'), ...size('burgundy', bad ? 'Burgundy' : 'Red', 'S') }),
    row({
      ...size('untitled', 'Green', 'S'),
      Title: bad ? '' : 'Titled Dress',
      Type: 'dress',
      'Body (HTML)': 'Plain.',
    }),
    row({ ...product('twice', 'Twice Dress'), ...size('twice', 'Beige', 'L') }),
    row(size('twice', 'Beige', bad ? 'L' : 'XL')),
    row({ ...product('gallery', 'Gallery Dress'), ...size('gallery', 'Gold', 'S') }),
    ...Array.from({ length: bad ? 8 : 7 }, (_, i) =>
      row({
        Handle: 'gallery',
        'Option1 Value': 'Gold',
        'Image Src': `/uploads/gallery-${i}.webp`,
        'Image Position': String(i + 2),
      }),
    ),
  ];
  return stringify([[...CATALOGUE_CSV_COLUMNS], ...rows]);
}

describe('a file with problems', () => {
  it('imports nothing and names each bad row', async () => {
    const before = await count(empty, products);
    const res = await importFile(shop, admin, smallFile(true));
    expect(res.statusCode).toBe(400);
    const { problems } = res.json<CatalogueImportResponse>();
    const rows = problems.map((p) => p.row);
    expect(rows).toEqual(expect.arrayContaining([5, 6, 7, 9, 18]));
    expect(problems.find((p) => p.row === 5)?.message).toMatch(/Variant Price/);
    expect(problems.find((p) => p.row === 6)?.message).toBe(`Color "Burgundy" is not one of ${COLORS.join(', ')}`);
    expect(problems.find((p) => p.row === 7)?.message).toMatch(/Title is required/);
    expect(problems.find((p) => p.row === 9)?.message).toMatch(/appears twice/);
    expect(problems.find((p) => p.row === 18)?.message).toMatch(/at most 8 pictures/);
    expect(await count(empty, products)).toBe(before);
    const dry = await importFile(shop, admin, smallFile(true), true);
    expect([dry.statusCode, dry.json<CatalogueImportResponse>().problems]).toEqual([200, problems]);
  });

  it('refuses a file of more rows than one import takes, asking for it in several', async () => {
    const before = await count(shop, products);
    const line = row(size('many', 'Red', 'S'));
    const file = stringify([
      [...CATALOGUE_CSV_COLUMNS],
      ...Array.from({ length: CATALOGUE_CSV_MAX_ROWS + 1 }, () => line),
    ]);
    const res = await importFile(shop, admin, file);
    expect(res.statusCode).toBe(400);
    expect(res.json<CatalogueImportResponse>().problems).toEqual([
      { row: 1, message: CATALOGUE_CSV_MESSAGES.tooManyRows },
    ]);
    expect(await count(shop, products)).toBe(before);
  });

  it('once fixed, a dry run writes nothing and the import adds its products', async () => {
    const t = await createTestApp();
    try {
      const me = await createAdmin(t.db);
      const dry = await importFile(t, me, smallFile(false), true);
      expect(dry.json()).toMatchObject({ dryRun: true, products: 6, colours: 7, sizes: 9, problems: [] });
      expect(await count(t, products)).toBe(0);
      const res = await importFile(t, me, smallFile(false));
      expect(res.json()).toMatchObject({ dryRun: false, products: 6, colours: 7, sizes: 9, problems: [] });
      const [good] = await t.db.select().from(products).where(eq(products.name, 'Good Dress'));
      expect(good).toMatchObject({
        description: 'Soft cotton.',
        priceCents: 4990,
        color: 'red',
        sizeScale: 'clothing',
      });
      const [gallery] = await t.db
        .select({ pictures: productColours.pictures })
        .from(productColours)
        .innerJoin(products, eq(products.id, productColours.productId))
        .where(eq(products.name, 'Gallery Dress'));
      expect(gallery?.pictures.map((p) => p.url)).toEqual([
        '/uploads/gallery-Gold.webp',
        ...Array.from({ length: 7 }, (_, i) => `/uploads/gallery-${i}.webp`),
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('who may', () => {
  it.each([
    ['nobody', 401],
    ['a customer', 403],
  ] as const)('refuses %s the export and the import', async (who, status) => {
    const user = who === 'nobody' ? undefined : await createUser(shop.db);
    const before = await count(shop, products);
    const exported = await shop.app.inject({
      method: 'GET',
      url: apiPaths.catalogueExport,
      headers: user?.headers ?? {},
    });
    expect(exported.statusCode).toBe(status);
    const imported = await importFile(shop, user, smallFile(false));
    expect(imported.statusCode).toBe(status);
    expect(await count(shop, products)).toBe(before);
  });
});
