import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Queryable } from '../../db/client';
import type { ImageStorage } from './image-storage';
import {
  CONTENT_TYPES,
  DERIVED_FILES,
  type DerivedFile,
  encodeDerivedFile,
  imageFileName,
  toRaw,
} from './image-variants';
import { storedPictures } from './uploads.queries';

const STORED_NAME = /\/uploads\/([a-z0-9][a-z0-9-]{0,120})\.webp$/;

/**
 * AVIF is the kind of derived file added last. Files are stored all or none, so a picture that has an
 * AVIF file has every other file too, and costs one existence check.
 */
const NEWEST_KIND = DERIVED_FILES.find((file) => file.extension === 'avif');

async function missingFiles(storage: ImageStorage, baseName: string): Promise<DerivedFile[]> {
  if (NEWEST_KIND && (await storage.exists(imageFileName(baseName, NEWEST_KIND)))) return [];
  const present = await Promise.all(DERIVED_FILES.map((file) => storage.exists(imageFileName(baseName, file))));
  return DERIVED_FILES.filter((_, i) => !present[i]);
}

/**
 * Gives every picture the shop stored before a kind of derived file existed (link-preview JPEGs, AVIF,
 * a wider variant) the files it lacks, from its full picture: a page offers them for every upload.
 * Runs at start-up as a job (once, whichever instance takes it).
 */
export async function backfillDerivedImages(deps: {
  db: Queryable;
  storage: ImageStorage;
  log: FastifyBaseLogger;
}): Promise<number> {
  let made = 0;
  for (const url of await storedPictures(deps.db)) {
    const baseName = STORED_NAME.exec(url)?.[1];
    if (!baseName) continue;
    const missing = await missingFiles(deps.storage, baseName);
    if (missing.length === 0) continue;
    const full = await deps.storage.read(`${baseName}.webp`);
    if (!full) {
      deps.log.warn({ image: baseName }, 'a stored picture is missing from the image storage');
      continue;
    }
    const raw = await toRaw(sharp(full));
    const files = await Promise.all(missing.map((file) => encodeDerivedFile(raw, file)));
    await deps.storage.putAll(
      files.map((file) => ({
        name: imageFileName(baseName, file),
        body: file.body,
        contentType: CONTENT_TYPES[file.extension],
      })),
    );
    made++;
  }
  if (made > 0) deps.log.info({ made }, 'derived files made for earlier pictures');
  return made;
}
