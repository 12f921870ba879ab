import { SHARE_IMAGE, UPLOAD_VARIANT_WIDTHS } from '@shop/contract/constants';
import sharp, { type Sharp } from 'sharp';
import type { ImageStorage } from './image-storage';

export interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

export interface EncodedImage {
  /** '' for the full image, '-400' and '-800' for the variants the contract's srcset names, '-share' for link previews. */
  suffix: string;
  extension: 'webp' | 'jpg';
  body: Buffer;
}

export const WEBP_QUALITY = 80;
const SHARE_JPEG_QUALITY = 82;
/** The shop's paper colour, under whatever a transparent picture leaves: JPEG has no transparency. */
const SHARE_BACKGROUND = '#faf7f2';

/** Decodes a pipeline once into pixels, so every variant is resized from the same decoded image. */
export async function toRaw(image: Sharp): Promise<RawImage> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * The link-preview picture: 1200 x 630 as Open Graph and Twitter cards want it, the picture's middle
 * filling the frame, in JPEG, which every service that draws a preview reads.
 */
export function encodeShareImage(raw: RawImage): Promise<EncodedImage> {
  return sharp(raw.data, { raw: raw.info })
    .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: 'cover' })
    .flatten({ background: SHARE_BACKGROUND })
    .jpeg({ quality: SHARE_JPEG_QUALITY, mozjpeg: true })
    .toBuffer()
    .then((body) => ({ suffix: '-share', extension: 'jpg' as const, body }));
}

/**
 * The full image, its 400 and 800 px wide variants as WebP, and its link-preview picture. sharp copies
 * no metadata unless asked, so EXIF (camera, GPS) and comments never leave the server.
 */
export async function encodeImageSet(raw: RawImage, options: { effort?: number } = {}): Promise<EncodedImage[]> {
  const webp = { quality: WEBP_QUALITY, effort: options.effort ?? 4 };
  const from = () => sharp(raw.data, { raw: raw.info });
  return Promise.all([
    from()
      .webp(webp)
      .toBuffer()
      .then((body) => ({ suffix: '', extension: 'webp' as const, body })),
    ...UPLOAD_VARIANT_WIDTHS.map((width) =>
      from()
        .resize({ width, withoutEnlargement: true })
        .webp(webp)
        .toBuffer()
        .then((body) => ({ suffix: `-${width}`, extension: 'webp' as const, body })),
    ),
    encodeShareImage(raw),
  ]);
}

const CONTENT_TYPES: Record<EncodedImage['extension'], string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export const imageFileName = (baseName: string, image: Pick<EncodedImage, 'suffix' | 'extension'>) =>
  `${baseName}${image.suffix}.${image.extension}`;

/** Stores `{baseName}.webp` with its variants beside it and returns the full image's URL. */
export async function storeImageSet(storage: ImageStorage, baseName: string, set: EncodedImage[]): Promise<string> {
  await storage.putAll(
    set.map((image) => ({
      name: imageFileName(baseName, image),
      body: image.body,
      contentType: CONTENT_TYPES[image.extension],
    })),
  );
  return storage.url(`${baseName}.webp`);
}
