import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signV4 } from './s3-storage';

describe('signV4', () => {
  it('matches the GET example of the AWS S3 SigV4 documentation', () => {
    const authorization = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

interface RecordedPut {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('uploads to S3-compatible storage', () => {
  const puts: RecordedPut[] = [];
  let answer = 200;
  let server: http.Server;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    // A tiny stand-in for S3 that records every request it receives.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        puts.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = answer;
        res.end(answer === 200 ? '' : '<Error><Code>AccessDenied</Code></Error>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      env: {
        S3_BUCKET: 'shop-images',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'AKIDTEST',
        S3_SECRET_ACCESS_KEY: 'secret-test-key',
        S3_PUBLIC_URL: 'https://cdn.shop.test/',
      },
    });
    admin = await createAdmin(t.db);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    puts.length = 0;
    answer = 200;
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

  it('PUTs the three WebP files, signed, and answers the public URL', async () => {
    const res = await uploadPng();
    expect(res.statusCode).toBe(200);
    const url = res.json<string>();
    const name = /^https:\/\/cdn\.shop\.test\/uploads\/([0-9a-f]{32})\.webp$/.exec(url)?.[1];
    expect(name).toBeDefined();

    expect(puts.map((p) => `${p.method} ${p.url}`).sort()).toEqual(
      [`${name}-400.webp`, `${name}-800.webp`, `${name}.webp`].map((f) => `PUT /shop-images/uploads/${f}`).sort(),
    );
    for (const put of puts) {
      expect(put.headers['content-type']).toBe('image/webp');
      expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(put.body).digest('hex'));
      expect(put.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-3\/s3\/aws4_request,SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
      );
      expect((await sharp(put.body).metadata()).format).toBe('webp');
    }
  });

  it('answers 503 with a clear message when the storage refuses the image', async () => {
    answer = 403;
    const res = await uploadPng();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The image storage refused the image. Please try again later.' });
  });
});
