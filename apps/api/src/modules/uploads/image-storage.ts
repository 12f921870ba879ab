import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../platform/config';

/** Where uploaded (and seeded) images live; the strategy is chosen by configuration. */
export interface ImageStorage {
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The URL a browser loads the stored image from. */
  url(name: string): string;
}

export const UPLOADS_URL_PREFIX = '/uploads/';
/** Uploaded names never change content, so browsers and CDNs may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Names are made by the shop, but a name must never reach outside the uploads folder. */
const SAFE_NAME = /^[a-z0-9][a-z0-9-]{0,120}\.webp$/;

export function assertSafeImageName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Unsafe image name: ${name}`);
}

export function uploadsDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

export function localImageStorage(dir: string): ImageStorage {
  return {
    async put(name, body) {
      assertSafeImageName(name);
      await fs.mkdir(dir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, path.join(dir, name));
    },
    url: (name) => `${UPLOADS_URL_PREFIX}${name}`,
  };
}
