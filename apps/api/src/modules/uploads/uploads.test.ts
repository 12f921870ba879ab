import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_VARIANT_FORMATS, UPLOAD_VARIANT_WIDTHS } from '@shop/contract/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { uploadsDir } from './image-storage';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  customer = await createUser(t.db);
});
afterAll(() => t.close());

const PATHS = ['/api/uploadImage', '/uploadImage'];
const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;
const storedFiles = () => fs.readdirSync(uploadsDir(t.config)).sort();
const storedPath = (url: string) => path.join(uploadsDir(t.config), url.replace('/uploads/', ''));

function upload(body: unknown, headers: Record<string, string> = admin.headers, url = '/api/uploadImage') {
  return t.app.inject({ method: 'POST', url, headers, payload: body as object });
}

/** What sharp's metadata calls each variant format: AVIF is an AV1 picture in a HEIF file. */
const SHARP_FORMAT = { avif: 'heif', webp: 'webp' } as const;
const variants = () =>
  UPLOAD_VARIANT_WIDTHS.flatMap((width) => UPLOAD_VARIANT_FORMATS.map((format) => ({ width, format })));

function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 60 } } });
}

describe('POST /api/uploadImage', () => {
  it('stores an admin PNG as WebP, as WebP and AVIF at each variant width and as a 1200 x 630 JPEG for link previews, without its metadata', async () => {
    const png = await photo(2400, 1800)
      .withExif({ IFD0: { Copyright: 'Secret Studio', Artist: 'Someone Private' } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();

    const res = await upload({ image: dataUrl(png) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const url = res.json<string>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

    const expected = [
      { file: url, format: 'webp', width: 1600, height: 1200 },
      ...variants().map(({ width, format }) => ({
        file: url.replace('.webp', `-${width}.${format}`),
        format: SHARP_FORMAT[format],
        width,
        height: (width * 3) / 4,
      })),
    ];
    expect(expected.map((e) => e.file.replace(/^.*\/[0-9a-f]{32}/, ''))).toEqual([
      '.webp',
      '-400.avif',
      '-400.webp',
      '-800.avif',
      '-800.webp',
      '-1200.avif',
      '-1200.webp',
    ]);
    for (const { file, format, width, height } of expected) {
      const meta = await sharp(storedPath(file)).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }, file).toEqual({
        format,
        width,
        height,
        exif: undefined,
      });
      expect(meta.xmp).toBeUndefined();
    }
    const share = await sharp(storedPath(url.replace('.webp', '-share.jpg'))).metadata();
    expect({ format: share.format, width: share.width, height: share.height, exif: share.exif }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
      exif: undefined,
    });
  });

  it('answers at /uploadImage too, never upscales, and turns a photo upright', async () => {
    // EXIF orientation 6: the camera was held sideways, so the upright image is 200 x 300.
    const jpeg = await photo(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload({ image: dataUrl(jpeg, 'image/jpeg') }, admin.headers, '/uploadImage');
    expect(res.statusCode).toBe(200);
    const url = res.json<string>();
    const full = await sharp(storedPath(url)).metadata();
    expect([full.width, full.height, full.orientation]).toEqual([200, 300, undefined]);
    for (const { width, format } of variants()) {
      const variant = await sharp(storedPath(url.replace('.webp', `-${width}.${format}`))).metadata();
      expect([variant.format, variant.width, variant.height], `${width} ${format}`).toEqual([
        SHARP_FORMAT[format],
        200,
        300,
      ]);
    }
  });

  it.each([
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
  ] as const)('accepts %s content', async (format, mime) => {
    const bytes = await photo(64, 48).toFormat(format).toBuffer();
    const res = await upload({ image: dataUrl(bytes, mime) });
    expect(res.statusCode).toBe(200);
    expect((await sharp(storedPath(res.json<string>())).metadata()).format).toBe('webp');
  });

  it('judges the bytes, not the declared type', async () => {
    const png = await photo(40, 40).png().toBuffer();
    const res = await upload({ image: dataUrl(png, 'text/plain') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  });
});

describe('who may upload', () => {
  it.each(PATHS)('%s refuses a visitor (401) and a customer (403) and stores nothing', async (url) => {
    const before = storedFiles();
    const png = dataUrl(await photo(40, 40).png().toBuffer());
    const anonymous = await upload({ image: png }, {}, url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please log in to continue' });
    const asCustomer = await upload({ image: png }, customer.headers, url);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: 'Only an admin can do that' });
    const withCookie = await upload({ image: png }, { cookie: customer.cookie }, url);
    expect(withCookie.statusCode).toBe(403);
    expect(storedFiles()).toEqual(before);
  });
});

describe('hostile uploads', () => {
  it.each([
    ['a plain string', { image: 'hello' }, 'Invalid image: image must be a data URL (data:image/...;base64,...)'],
    [
      'a URL',
      { image: 'https://example.com/a.png' },
      'Invalid image: image must be a data URL (data:image/...;base64,...)',
    ],
    ['no image', {}, 'Invalid image: image must be a data URL string'],
    ['a number', { image: 42 }, 'Invalid image: image must be a data URL string'],
    ['an array', { image: ['data:image/png;base64,AAAA'] }, 'Invalid image: image must be a data URL string'],
    [
      'a data URL without base64',
      { image: 'data:image/png,abc' },
      'The image must be a base64 data URL (data:image/...;base64,...)',
    ],
    [
      'a data URL without a comma',
      { image: 'data:image/png;base64' },
      'The image must be a base64 data URL (data:image/...;base64,...)',
    ],
    ['broken base64', { image: 'data:image/png;base64,@@@@' }, 'The image data is not valid base64'],
    ['an empty image', { image: 'data:image/png;base64,' }, 'The image is empty'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const before = storedFiles();
    const res = await upload(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(storedFiles()).toEqual(before);
  });

  it.each([
    ['text', Buffer.from('just some text, not a picture at all'), 'The file is not an image.'],
    ['HTML', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'The file is not an image.'],
    [
      'SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'SVG images are not accepted.',
    ],
  ])('refuses %s content named image/png with 415', async (_name, bytes, start) => {
    const before = storedFiles();
    const res = await upload({ image: dataUrl(bytes, 'image/png') });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: `${start} Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.` });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a 10 MB upload with 413', async () => {
    const res = await upload({ image: dataUrl(Buffer.alloc(10 * 1024 * 1024, 7)) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large' });
  });

  it('refuses an image over 5 MB that fits the body limit with 413', async () => {
    const res = await upload({ image: dataUrl(Buffer.alloc(5.5 * 1024 * 1024, 7)) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is larger than 5 MB' });
  });

  it('refuses a small file that unpacks into too many pixels with 413', async () => {
    const bomb = await sharp({ create: { width: 8100, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const res = await upload({ image: dataUrl(bomb) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is larger than 64 megapixels' });
  });

  it('refuses a damaged image with 400', async () => {
    const png = await photo(800, 600).png().toBuffer();
    const res = await upload({ image: dataUrl(png.subarray(0, png.length / 2)) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The image is damaged or could not be read' });
  });

  it('refuses a body that is not JSON', async () => {
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      payload: 'data:image/png;base64,AAAA',
    });
    expect([asText.statusCode, asText.json()]).toEqual([
      415,
      { message: 'Send the request body as JSON, with Content-Type: application/json' },
    ]);
    const asBytes = await t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: { ...admin.headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('data:image/png;base64,AAAA'),
    });
    expect(asBytes.statusCode).toBe(415);
    expect(asBytes.json()).toEqual({ message: 'Send the request body as JSON, with Content-Type: application/json' });
  });
});

describe('GET /uploads/*', () => {
  it('serves a stored image with a one-year immutable cache header', async () => {
    const res = await upload({ image: dataUrl(await photo(500, 500).png().toBuffer()) });
    const url = res.json<string>();
    const files = [url, ...variants().map(({ width, format }) => url.replace('.webp', `-${width}.${format}`))];
    for (const file of files) {
      const served = await t.app.inject({ method: 'GET', url: file });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(file.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(fs.readFileSync(storedPath(file)))).toBe(true);
    }
  });

  it.each(['/uploads/missing.webp', '/uploads/', '/uploads/.hidden.webp'])(
    'answers %s with a JSON 404',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Not found: GET ${url}` });
    },
  );

  it.each(['/uploads/../package.json', '/uploads/%2e%2e/%2e%2e/package.json', '/uploads/..%2f..%2fpackage.json'])(
    'never serves a file outside the uploads folder (%s)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('"name"');
    },
  );
});
