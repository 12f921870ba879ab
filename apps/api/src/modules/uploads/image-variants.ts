import { UPLOAD_VARIANT_WIDTHS } from '@shop/contract/constants';
import sharp, { type Sharp } from 'sharp';
import type { ImageStorage } from './image-storage';

export interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

export interface EncodedImage {
  /** '' for the full image, '-400' and '-800' for the variants the contract's srcset names. */
  suffix: string;
  body: Buffer;
}

export const WEBP_QUALITY = 80;

/** Decodes a pipeline once into pixels, so every variant is resized from the same decoded image. */
export async function toRaw(image: Sharp): Promise<RawImage> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * The full image and its 400 and 800 px wide variants as WebP. sharp copies no metadata unless
 * asked, so EXIF (camera, GPS) and comments never leave the server.
 */
export async function encodeWebpSet(raw: RawImage, options: { effort?: number } = {}): Promise<EncodedImage[]> {
  const webp = { quality: WEBP_QUALITY, effort: options.effort ?? 4 };
  const from = () => sharp(raw.data, { raw: raw.info });
  return Promise.all([
    from()
      .webp(webp)
      .toBuffer()
      .then((body) => ({ suffix: '', body })),
    ...UPLOAD_VARIANT_WIDTHS.map((width) =>
      from()
        .resize({ width, withoutEnlargement: true })
        .webp(webp)
        .toBuffer()
        .then((body) => ({ suffix: `-${width}`, body })),
    ),
  ]);
}

/** Stores `{baseName}.webp` with its variants beside it and returns the full image's URL. */
export async function storeWebpSet(storage: ImageStorage, baseName: string, set: EncodedImage[]): Promise<string> {
  await storage.putAll(
    set.map((image) => ({ name: `${baseName}${image.suffix}.webp`, body: image.body, contentType: 'image/webp' })),
  );
  return storage.url(`${baseName}.webp`);
}
