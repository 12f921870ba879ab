import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { assertSafeImageName, IMMUTABLE_CACHE_CONTROL, type ImageStorage } from './image-storage';

type S3Config = NonNullable<AppConfig['s3']>;

export const S3_MESSAGES = {
  refused: 'The image storage refused the image. Please try again later.',
  unreachable: 'The image storage cannot be reached. Please try again later.',
} as const;

/** An answer from the storage (a refusal, a missing bucket) or no answer at all: both a 503 for the uploader. */
function storageError(err: unknown): AppError {
  return new AppError(
    'unavailable',
    err instanceof S3ServiceException ? S3_MESSAGES.refused : S3_MESSAGES.unreachable,
    {
      cause: err,
    },
  );
}

export const s3Key = (name: string) => `uploads/${name}`;

/** S3-compatible object storage (AWS, MinIO, R2...) through the AWS SDK; keys live under `uploads/`. */
export function s3ImageStorage(config: S3Config): ImageStorage {
  const { accessKeyId, secretAccessKey } = config;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  }
  const client = new S3Client({
    region: config.region,
    credentials: { accessKeyId, secretAccessKey },
    // A custom endpoint gets path-style URLs, which every S3-compatible service understands.
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    maxAttempts: 2,
  });
  const objectUrl = (name: string) =>
    config.endpoint
      ? `${config.endpoint.replace(/\/$/, '')}/${config.bucket}/${s3Key(name)}`
      : `https://${config.bucket}.s3.${config.region}.amazonaws.com/${s3Key(name)}`;
  const publicBase = (config.publicUrl ?? '').replace(/\/$/, '');

  return {
    async putAll(files) {
      for (const file of files) assertSafeImageName(file.name);
      const results = await Promise.allSettled(
        files.map((file) =>
          client.send(
            new PutObjectCommand({
              Bucket: config.bucket,
              Key: s3Key(file.name),
              Body: file.body,
              ContentType: file.contentType,
              CacheControl: IMMUTABLE_CACHE_CONTROL,
            }),
          ),
        ),
      );
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (!failure) return;
      // All or none: what did arrive is taken back, so no variant lies there without its image.
      const arrived = files.filter((_, i) => results[i]?.status === 'fulfilled');
      if (arrived.length > 0) {
        await client
          .send(
            new DeleteObjectsCommand({
              Bucket: config.bucket,
              Delete: { Objects: arrived.map((file) => ({ Key: s3Key(file.name) })), Quiet: true },
            }),
          )
          .catch(() => {});
      }
      throw storageError(failure.reason);
    },
    url: (name) => (publicBase ? `${publicBase}/${s3Key(name)}` : objectUrl(name)),
    async read(name) {
      assertSafeImageName(name);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: s3Key(name) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw storageError(err);
      }
    },
    async exists(name) {
      assertSafeImageName(name);
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: s3Key(name) }));
        return true;
      } catch (err) {
        if (err instanceof NotFound || (err as { name?: string }).name === 'NotFound') return false;
        throw storageError(err);
      }
    },
  };
}
