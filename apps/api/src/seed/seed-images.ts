import os from 'node:os';
import type { ImageStorage } from '../modules/uploads/image-storage';
import { storeImageSet } from '../modules/uploads/image-variants';
import { mapLimit } from '../platform/map-limit';
import { type ArtSpec, renderProductImage } from './art/product-art';

/** A stable number from a text (FNV-1a), so a product's picture is the same on every machine. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** Renders each product's picture and stores it exactly as an upload is stored; returns the URLs in order. */
export async function renderProductImages(
  storage: ImageStorage,
  items: readonly { spec: ArtSpec; slug: string }[],
): Promise<string[]> {
  // sharp works on libuv's thread pool; a few renders in flight keep every core busy.
  const limit = Math.max(2, Math.min(4, os.availableParallelism()));
  return mapLimit(items, limit, async ({ spec, slug }) => {
    const image = await renderProductImage(spec, slug);
    return storeImageSet(storage, image.baseName, image.set);
  });
}
