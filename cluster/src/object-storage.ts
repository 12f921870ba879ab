import fs from 'node:fs';
import S3rver from 's3rver';

/** s3rver's own keys: it checks signatures against them, as S3 would against a real key pair. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface ObjectStorage {
  /** What the shop's S3_ENDPOINT is set to. */
  endpoint: string;
  port: number;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

/** An S3-compatible HTTP server (s3rver) in this process, its objects as files under `dir`, with `bucket` made. */
export async function startObjectStorage(options: {
  dir: string;
  bucket: string;
  /** A free one when not given. */
  port?: number | undefined;
}): Promise<ObjectStorage> {
  fs.mkdirSync(options.dir, { recursive: true });
  const server = new S3rver({
    port: options.port ?? 0,
    address: '127.0.0.1',
    silent: true,
    directory: options.dir,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    bucket: options.bucket,
    region: 'us-east-1',
    ...S3RVER_KEYS,
    stop: () => server.close(),
  };
}
