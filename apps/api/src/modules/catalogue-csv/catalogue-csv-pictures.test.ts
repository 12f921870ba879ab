import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPaths } from '@shop/contract/api-paths';
import { CATALOGUE_CSV_COLUMNS, type CatalogueImportResponse } from '@shop/contract/catalogue-csv';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours, products } from '../../db/schema';
import { createAdmin, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Pictures a file names by an address elsewhere are fetched and stored as uploads are; an address inside
// the shop's own network is refused unless the shop allows it.

let server: http.Server;
let pictureUrl: string;
let fetched = 0;

beforeAll(async () => {
  const png = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#a8322d' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    fetched += 1;
    if (req.url === '/dress.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else res.writeHead(302, { location: '/dress.png' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pictureUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dress.png`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function fileNaming(url: string): string {
  const values: Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>> = {
    Handle: 'fetched-dress',
    Title: 'Fetched Dress',
    'Body (HTML)': 'Poplin.',
    Type: 'dress',
    'Option1 Name': 'Color',
    'Option1 Value': 'Red',
    'Option2 Name': 'Size',
    'Option2 Value': 'M',
    'Variant Price': '59.00',
    'Variant Inventory Qty': '3',
    'Image Src': url,
    'Image Position': '1',
    'Image Alt Text': 'Fetched Dress, front',
  };
  return stringify([[...CATALOGUE_CSV_COLUMNS], CATALOGUE_CSV_COLUMNS.map((c) => values[c] ?? '')]);
}

const importFile = (t: TestApp, admin: TestUser, file: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.catalogueImport,
    headers: { ...admin.headers, 'content-type': 'text/csv' },
    payload: file,
  });

describe('pictures fetched from their addresses', () => {
  it('stores a fetched picture as an upload, its variants and all, when the shop allows its address', async () => {
    const t = await createTestApp({ env: { IMPORT_PRIVATE_ADDRESSES: 'allow' } });
    try {
      const res = await importFile(t, await createAdmin(t.db), fileNaming(pictureUrl));
      expect(res.statusCode, res.body).toBe(200);
      const [colour] = await t.db
        .select({ pictures: productColours.pictures })
        .from(productColours)
        .innerJoin(products, eq(products.id, productColours.productId))
        .where(eq(products.name, 'Fetched Dress'));
      const [picture] = colour?.pictures ?? [];
      expect(picture).toMatchObject({
        url: expect.stringMatching(/^\/uploads\/.+\.webp$/),
        alt: 'Fetched Dress, front',
      });
      const served = await t.app.inject({ method: 'GET', url: picture?.url ?? '' });
      expect(served.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses an address inside the shop’s network, and a redirect, writing nothing', async () => {
    const t = await createTestApp();
    try {
      const admin = await createAdmin(t.db);
      const before = fetched;
      const inside = await importFile(t, admin, fileNaming(pictureUrl));
      expect(inside.statusCode).toBe(400);
      expect(inside.json<CatalogueImportResponse>().problems[0]?.message).toMatch(/inside the shop’s own network/);
      // Nothing was asked of that address at all.
      expect(fetched).toBe(before);
      expect(await t.db.select().from(products).where(eq(products.name, 'Fetched Dress'))).toEqual([]);
    } finally {
      await t.close();
    }
    const allowed = await createTestApp({ env: { IMPORT_PRIVATE_ADDRESSES: 'allow' } });
    try {
      // A redirect is not followed: it could lead anywhere.
      const redirected = await importFile(allowed, await createAdmin(allowed.db), fileNaming(`${pictureUrl}?moved`));
      expect(redirected.statusCode).toBe(400);
      expect(redirected.json<CatalogueImportResponse>().problems[0]?.message).toMatch(/answered 302/);
    } finally {
      await allowed.close();
    }
  });
});
