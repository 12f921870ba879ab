import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Queryable } from '../../db/client';
import type { ImageStorage } from './image-storage';
import { encodeShareImage, imageFileName, toRaw } from './image-variants';
import { storedProductImages } from './uploads.queries';

const STORED_NAME = /\/uploads\/([a-z0-9][a-z0-9-]{0,120})\.webp$/;

/**
 * Gives every stored product picture made before link-preview pictures existed its `-share.jpg`, from
 * the full picture. Runs at start-up as a job (once, whichever instance takes it); a picture that has
 * one already costs one existence check.
 */
export async function backfillShareImages(deps: {
  db: Queryable;
  storage: ImageStorage;
  log: FastifyBaseLogger;
}): Promise<number> {
  let made = 0;
  for (const url of await storedProductImages(deps.db)) {
    const baseName = STORED_NAME.exec(url)?.[1];
    if (!baseName) continue;
    const shareName = imageFileName(baseName, { suffix: '-share', extension: 'jpg' });
    if (await deps.storage.exists(shareName)) continue;
    const full = await deps.storage.read(`${baseName}.webp`);
    if (!full) {
      deps.log.warn({ image: baseName }, 'a product picture is missing from the image storage');
      continue;
    }
    const share = await encodeShareImage(await toRaw(sharp(full)));
    await deps.storage.putAll([{ name: shareName, body: share.body, contentType: 'image/jpeg' }]);
    made++;
  }
  if (made > 0) deps.log.info({ made }, 'link-preview pictures made for earlier product pictures');
  return made;
}
