import { createHash, createHmac } from 'node:crypto';
import type { AppConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { assertSafeImageName, IMMUTABLE_CACHE_CONTROL, type ImageStorage } from './image-storage';

type S3Config = NonNullable<AppConfig['s3']>;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 expects it. */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  url: URL;
  /** Every header to sign, host and x-amz-date included. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The AWS Signature Version 4 Authorization header for a request without a query string. */
export function signV4(input: SignInput): string {
  const amzDate = input.headers['x-amz-date'];
  if (!amzDate) throw new Error('x-amz-date must be signed');
  const day = amzDate.slice(0, 8);
  const names = Object.keys(input.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonicalRequest = [
    input.method,
    input.url.pathname
      .split('/')
      .map((s) => encodeSegment(decodeURIComponent(s)))
      .join('/'),
    '',
    ...names.map((n) => `${n}:${lower[n]}`),
    '',
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${input.secretAccessKey}`, day);
  for (const part of [input.region, input.service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`;
}

/** S3-compatible object storage (AWS, MinIO, R2...) through signed PUTs; keys live under `uploads/`. */
export function s3ImageStorage(config: S3Config): ImageStorage {
  const { accessKeyId, secretAccessKey } = config;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  }
  // A custom endpoint gets path-style URLs, which every S3-compatible service understands.
  const objectUrl = (name: string) =>
    config.endpoint
      ? new URL(`${config.endpoint.replace(/\/$/, '')}/${config.bucket}/uploads/${name}`)
      : new URL(`https://${config.bucket}.s3.${config.region}.amazonaws.com/uploads/${name}`);
  const publicBase = (config.publicUrl ?? '').replace(/\/$/, '');

  return {
    async put(name, body, contentType) {
      assertSafeImageName(name);
      const url = objectUrl(name);
      const payloadHash = sha256Hex(body);
      const headers: Record<string, string> = {
        host: url.host,
        'x-amz-date': new Date()
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, ''),
        'x-amz-content-sha256': payloadHash,
        'content-type': contentType,
        'cache-control': IMMUTABLE_CACHE_CONTROL,
      };
      const authorization = signV4({
        method: 'PUT',
        url,
        headers,
        payloadHash,
        region: config.region,
        service: 's3',
        accessKeyId,
        secretAccessKey,
      });
      const { host: _host, ...sent } = headers;
      let response: Response;
      try {
        response = await fetch(url, { method: 'PUT', headers: { ...sent, authorization }, body });
      } catch (cause) {
        throw new AppError('unavailable', 'The image storage cannot be reached. Please try again later.', { cause });
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new AppError('unavailable', 'The image storage refused the image. Please try again later.', {
          cause: new Error(`S3 PUT ${url.pathname} answered ${response.status}: ${detail}`),
        });
      }
    },
    url: (name) => (publicBase ? `${publicBase}/uploads/${name}` : objectUrl(name).toString()),
  };
}
