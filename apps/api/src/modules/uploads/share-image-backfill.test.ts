import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { uploadsDir } from './image-storage';
import { backfillShareImages } from './share-image-backfill';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = (name: string) => path.join(uploadsDir(t.config), name);

describe('link-preview pictures for product pictures stored before them', () => {
  it('are made once from the full picture; pictures from elsewhere and missing files are passed over', async () => {
    const picture = await sharp({ create: { width: 1200, height: 1500, channels: 4, background: '#9a6b4c80' } })
      .webp()
      .toBuffer();
    fs.mkdirSync(uploadsDir(t.config), { recursive: true });
    fs.writeFileSync(stored('earlier-dress-1a2b3c.webp'), picture);
    await createProduct(t.db, { image: '/uploads/earlier-dress-1a2b3c.webp' });
    await createProduct(t.db, { image: '/uploads/earlier-dress-1a2b3c.webp' });
    await createProduct(t.db, { image: '/uploads/gone-from-disk-4d5e6f.webp' });
    await createProduct(t.db, { image: 'https://images.example.com/elsewhere.jpg' });
    const deps = { db: t.db, storage: t.app.deps.imageStorage, log: t.app.log };

    expect(await backfillShareImages(deps)).toBe(1);
    const meta = await sharp(stored('earlier-dress-1a2b3c-share.jpg')).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 1200, 630, false]);
    expect(fs.existsSync(stored('gone-from-disk-4d5e6f-share.jpg'))).toBe(false);

    expect(await backfillShareImages(deps)).toBe(0);
  });
});
