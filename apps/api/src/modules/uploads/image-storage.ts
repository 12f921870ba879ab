import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';

export interface StoredFile {
  name: string;
  body: Buffer;
  contentType: string;
}

/** Where uploaded (and seeded) images live; the strategy is chosen by configuration. */
export interface ImageStorage {
  /**
   * Stores every file of a set or none of them: an image and its variants are one thing, so a failure
   * part way removes what was written. Throws an AppError: 507 when the store is full, 503 when it
   * cannot be written or reached.
   */
  putAll(files: readonly StoredFile[]): Promise<void>;
  /** The URL a browser loads the stored image from. */
  url(name: string): string;
  /** A stored file's bytes, or null when there is no such file. */
  read(name: string): Promise<Buffer | null>;
  exists(name: string): Promise<boolean>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';
/** Uploaded names never change content, so browsers and CDNs may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Names are made by the shop, but a name must never reach outside the uploads folder. */
const SAFE_NAME = /^[a-z0-9][a-z0-9-]{0,120}\.(avif|webp|jpg)$/;

export const isSafeImageName = (name: string): boolean => SAFE_NAME.test(name);

export function assertSafeImageName(name: string): void {
  if (!isSafeImageName(name)) throw new Error(`Unsafe image name: ${name}`);
}

export function uploadsDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

export const STORAGE_MESSAGES = {
  full: 'There is no room left to store images. Please ask the shop administrator to free some space.',
  unwritable: 'Images cannot be stored right now. Please try again later.',
} as const;

const FULL = new Set(['ENOSPC', 'EDQUOT']);
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOENT', 'ENOTDIR', 'EIO']);

/** A file system failure as the answer the uploader gets; anything else stays a 500. */
function storageError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  if (FULL.has(code)) return new AppError('insufficient_storage', STORAGE_MESSAGES.full, { cause: err });
  if (UNWRITABLE.has(code)) return new AppError('unavailable', STORAGE_MESSAGES.unwritable, { cause: err });
  return err;
}

const removeQuietly = (files: readonly string[]) =>
  Promise.all(files.map((f) => fs.rm(f, { force: true }).catch(() => {})));

/**
 * The local disk: each file is written under a temporary name first and renamed once every one is
 * written, so a reader never sees half a file and a full disk leaves nothing behind.
 */
export function localImageStorage(dir: string): ImageStorage {
  return {
    async putAll(files) {
      for (const file of files) assertSafeImageName(file.name);
      const tag = randomBytes(6).toString('hex');
      const planned = files.map((file) => ({
        file,
        temporary: path.join(dir, `.${file.name}.${tag}.tmp`),
        final: path.join(dir, file.name),
      }));
      try {
        await fs.mkdir(dir, { recursive: true });
        await Promise.all(planned.map(({ file, temporary }) => fs.writeFile(temporary, file.body)));
      } catch (err) {
        await removeQuietly(planned.map((p) => p.temporary));
        throw storageError(err);
      }
      const renamed: string[] = [];
      try {
        for (const { temporary, final } of planned) {
          await fs.rename(temporary, final);
          renamed.push(final);
        }
      } catch (err) {
        await removeQuietly([...renamed, ...planned.map((p) => p.temporary)]);
        throw storageError(err);
      }
    },
    url: (name) => `${UPLOADS_URL_PREFIX}${name}`,
    async read(name) {
      assertSafeImageName(name);
      return fs.readFile(path.join(dir, name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    },
    async exists(name) {
      assertSafeImageName(name);
      return fs.access(path.join(dir, name)).then(
        () => true,
        () => false,
      );
    },
  };
}
