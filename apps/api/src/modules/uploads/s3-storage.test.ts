import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { UPLOAD_VARIANT_FORMATS, UPLOAD_VARIANT_WIDTHS } from '@shop/contract/constants';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createProduct, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { backfillDerivedImages } from './image-backfill';
import { S3_MESSAGES } from './s3-storage';

const BUCKET = 'shop-images';

/**
 * Uploads against s3rver, an S3-compatible HTTP server, reached through a small proxy that can refuse
 * one object's PUT: the way to see that a set is stored all or none.
 */
describe('uploads to S3-compatible storage', () => {
  let s3: S3rver;
  let s3Port: number;
  let proxy: http.Server;
  /** PUTs of keys matching this are answered 500 by the proxy instead of reaching the server. */
  let refuse: RegExp | null = null;
  let t: TestApp;
  let admin: TestUser;
  let dataDir: string;
  const client = () =>
    new S3Client({
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'eu-west-3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  const storedKeys = async () =>
    ((await client().send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key).sort();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dataDir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    ({ port: s3Port } = await s3.run());
    proxy = http.createServer((req, res) => {
      if (req.method === 'PUT' && refuse?.test((req.url ?? '').split('?')[0] ?? '')) {
        req.resume();
        res.statusCode = 500;
        res.end('<Error><Code>InternalError</Code><Message>refused by the test</Message></Error>');
        return;
      }
      const upstream = http.request(
        { host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PUBLIC_URL: 'https://cdn.shop.test/',
      },
    });
    admin = await createAdmin(t.db);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => proxy.close(resolve));
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    refuse = null;
  });

  const uploadPng = async () =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: admin.headers,
      payload: {
        image: `data:image/png;base64,${(
          await sharp({ create: { width: 900, height: 600, channels: 3, background: '#345' } })
            .png()
            .toBuffer()
        ).toString('base64')}`,
      },
    });

  /** A stored object's type, cache header and what sharp reads in it. */
  const storedObject = async (key: string) => {
    const object = await fetch(`http://127.0.0.1:${s3Port}/${BUCKET}/${key}`);
    const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
    return {
      type: object.headers.get('content-type'),
      cache: object.headers.get('cache-control'),
      format: meta.format,
      width: meta.width,
    };
  };
  const variantFiles = (name: string) =>
    UPLOAD_VARIANT_WIDTHS.flatMap((width) => UPLOAD_VARIANT_FORMATS.map((format) => `${name}-${width}.${format}`));

  it('stores the full WebP, WebP and AVIF at each width and the link-preview JPEG with their type and cache header, and answers the public URL', async () => {
    const res = await uploadPng();
    expect(res.statusCode).toBe(200);
    const url = res.json<string>();
    const name = /^https:\/\/cdn\.shop\.test\/uploads\/([0-9a-f]{32})\.webp$/.exec(url)?.[1] ?? '?';
    const keys = [`${name}.webp`, ...variantFiles(name), `${name}-share.jpg`].map((f) => `uploads/${f}`).sort();
    expect(keys).toHaveLength(8);
    expect((await storedKeys()).filter((k) => k?.includes(name))).toEqual(keys);
    const cache = 'public, max-age=31536000, immutable';
    expect(await storedObject(`uploads/${name}-share.jpg`)).toMatchObject({
      type: 'image/jpeg',
      format: 'jpeg',
      width: 1200,
    });
    expect(await storedObject(`uploads/${name}.webp`)).toEqual({
      type: 'image/webp',
      cache,
      format: 'webp',
      width: 900,
    });
    expect(await storedObject(`uploads/${name}-400.webp`)).toEqual({
      type: 'image/webp',
      cache,
      format: 'webp',
      width: 400,
    });
    // The 900 px picture is never enlarged to the widest variant.
    for (const [width, stored] of [
      [400, 400],
      [800, 800],
      [1200, 900],
    ] as const) {
      expect(await storedObject(`uploads/${name}-${width}.avif`)).toEqual({
        type: 'image/avif',
        cache,
        format: 'heif',
        width: stored,
      });
    }
  });

  it('gives a picture stored before AVIF and link previews its AVIF files and 1200 x 630 JPEG, once', async () => {
    const name = 'older-picture-0a1b2c';
    const webp = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#863' } })
      .webp()
      .toBuffer();
    await t.app.deps.imageStorage.putAll([{ name: `${name}.webp`, body: webp, contentType: 'image/webp' }]);
    await createProduct(t.db, { image: t.app.deps.imageStorage.url(`${name}.webp`) });

    const deps = { db: t.db, storage: t.app.deps.imageStorage, log: t.app.log };
    expect(await backfillDerivedImages(deps)).toBeGreaterThanOrEqual(1);
    expect((await storedKeys()).filter((k) => k?.includes(name))).toEqual(
      [`${name}.webp`, ...variantFiles(name), `${name}-share.jpg`].map((f) => `uploads/${f}`).sort(),
    );
    const share = await fetch(`http://127.0.0.1:${s3Port}/${BUCKET}/uploads/${name}-share.jpg`);
    expect(share.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await share.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    for (const [width, stored] of [
      [400, 400],
      [800, 800],
      [1200, 1000],
    ] as const) {
      expect(await storedObject(`uploads/${name}-${width}.avif`)).toMatchObject({
        type: 'image/avif',
        format: 'heif',
        width: stored,
      });
    }
    expect(await backfillDerivedImages(deps)).toBe(0);
  });

  it('stores none of the set when one file is refused: what arrived is deleted again', async () => {
    const before = await storedKeys();
    refuse = /-800\.webp$/;
    const res = await uploadPng();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: S3_MESSAGES.refused });
    expect(await storedKeys()).toEqual(before);
  });

  it('answers 503 when the storage cannot be reached', async () => {
    const unreachable = await createTestApp({
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: 'http://127.0.0.1:1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    try {
      const someAdmin = await createAdmin(unreachable.db);
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#345' } })
        .png()
        .toBuffer();
      const res = await unreachable.app.inject({
        method: 'POST',
        url: '/api/uploadImage',
        headers: someAdmin.headers,
        payload: { image: `data:image/png;base64,${png.toString('base64')}` },
      });
      expect([res.statusCode, res.json()]).toEqual([503, { message: S3_MESSAGES.unreachable }]);
    } finally {
      await unreachable.close();
    }
  });

  it('sends a browser asking an instance for /uploads/<name> to the image at S3_PUBLIC_URL', async () => {
    const url = (await uploadPng()).json<string>();
    const name = url.slice(url.lastIndexOf('/') + 1);
    for (const file of [name, name.replace('.webp', '-400.webp'), name.replace('.webp', '-share.jpg')]) {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${file}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://cdn.shop.test/uploads/${file}`);
    }
  });

  it.each([
    '/uploads/%2F%2Fevil.test%2Fx.webp',
    '/uploads/..%2F..%2Fx.webp',
    '/uploads/@evil.test',
    '/uploads/x.webp%3F.evil.test',
    '/uploads/.hidden.webp',
    '/uploads/a/b.webp',
    '/uploads/',
  ])('redirects no name the shop could not have made (%s): a JSON 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toEqual({ message: expect.stringContaining('Not found') });
  });
});

describe('S3_PUBLIC_URL pointing at the instance itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PUBLIC_URL: 'http://shop.test',
      },
    });
  });
  afterAll(() => t.close());

  it('answers 404 rather than redirect a browser back to the same address', async () => {
    const url = '/uploads/0123abcd.webp';
    const home = await t.app.inject({ method: 'GET', url, headers: { host: 'shop.test' } });
    expect(home.statusCode).toBe(404);
    expect(home.headers.location).toBeUndefined();
    const elsewhere = await t.app.inject({ method: 'GET', url, headers: { host: 'shop-1:3000' } });
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe(`http://shop.test${url}`);
  });
});
