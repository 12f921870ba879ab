import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_VARIANT_WIDTHS } from '@shop/contract/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { backfillDerivedImages } from './image-backfill';
import { uploadsDir } from './image-storage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = (name: string) => path.join(uploadsDir(t.config), name);
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#9a6b4c80' } })
    .webp()
    .toBuffer();

describe('derived files for pictures stored before them', () => {
  it('are made once from the full picture; pictures from elsewhere and missing files are passed over', async () => {
    fs.mkdirSync(uploadsDir(t.config), { recursive: true });
    fs.writeFileSync(stored('earlier-dress-1a2b3c.webp'), await picture(1000, 1250));
    await createProduct(t.db, { image: '/uploads/earlier-dress-1a2b3c.webp' });
    await createProduct(t.db, { image: '/uploads/earlier-dress-1a2b3c.webp' });
    await createProduct(t.db, { image: '/uploads/gone-from-disk-4d5e6f.webp' });
    await createProduct(t.db, { image: 'https://images.example.com/elsewhere.jpg' });
    const deps = { db: t.db, storage: t.app.deps.imageStorage, log: t.app.log };

    expect(await backfillDerivedImages(deps)).toBe(1);
    const meta = await sharp(stored('earlier-dress-1a2b3c-share.jpg')).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 1200, 630, false]);
    for (const width of UPLOAD_VARIANT_WIDTHS) {
      // Never wider than the full picture, 1000 px here.
      const expected = [Math.min(width, 1000), Math.min(width, 1000) * 1.25];
      const avif = await sharp(stored(`earlier-dress-1a2b3c-${width}.avif`)).metadata();
      expect([avif.format, avif.compression, avif.width, avif.height], `${width} avif`).toEqual([
        'heif',
        'av1',
        ...expected,
      ]);
      const webp = await sharp(stored(`earlier-dress-1a2b3c-${width}.webp`)).metadata();
      expect([webp.format, webp.width, webp.height], `${width} webp`).toEqual(['webp', ...expected]);
    }
    expect(fs.existsSync(stored('gone-from-disk-4d5e6f-share.jpg'))).toBe(false);

    expect(await backfillDerivedImages(deps)).toBe(0);
  });

  it('gives a picture stored with the files of before (WebP at 400 and 800 px, a link preview) its AVIF files and the rest', async () => {
    const name = 'before-avif-7a8b9c';
    const full = await picture(1600, 2000);
    fs.writeFileSync(stored(`${name}.webp`), full);
    const earlier = ['-400.webp', '-800.webp', '-share.jpg'];
    for (const suffix of earlier) fs.writeFileSync(stored(`${name}${suffix}`), Buffer.from('kept as it was'));
    // Only an order line shows it now: the product has had another picture since.
    const product = await createProduct(t.db, { image: '/uploads/elsewhere-now-0f0f0f.webp' });
    const [order] = await t.db
      .insert(orders)
      .values({
        orderId: 'pay_backfill_1',
        checkoutSessionId: 'cs_backfill_1',
        email: 'buyer@example.test',
        subtotalCents: 1000,
        taxCents: 50,
        amountCents: 1050,
      })
      .returning({ id: orders.id });
    await t.db.insert(orderItems).values({
      orderId: order?.id ?? '',
      productId: product.id,
      name: product.name,
      image: `/uploads/${name}.webp`,
      unitPriceCents: 1000,
      quantity: 1,
    });
    const deps = { db: t.db, storage: t.app.deps.imageStorage, log: t.app.log };

    expect(await backfillDerivedImages(deps)).toBe(1);
    for (const suffix of earlier) expect(fs.readFileSync(stored(`${name}${suffix}`), 'utf8')).toBe('kept as it was');
    for (const width of UPLOAD_VARIANT_WIDTHS) {
      const avif = await sharp(stored(`${name}-${width}.avif`)).metadata();
      expect([avif.format, avif.width], `${width} avif`).toEqual(['heif', width]);
    }
    expect((await sharp(stored(`${name}-1200.webp`)).metadata()).width).toBe(1200);
    expect(await backfillDerivedImages(deps)).toBe(0);
  });
});
