import {
  SHARE_IMAGE,
  UPLOAD_VARIANT_FORMATS,
  UPLOAD_VARIANT_WIDTHS,
  type UploadVariantFormat,
} from '@shop/contract/constants';
import sharp, { type Sharp } from 'sharp';
import type { ImageStorage } from './image-storage';

export interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

export interface EncodedImage {
  /** '' for the full image, `-{width}` for the variants the contract's srcsets name, '-share' for link previews. */
  suffix: string;
  extension: UploadVariantFormat | 'jpg';
  body: Buffer;
}

export const WEBP_QUALITY = 80;
/**
 * AVIF at a low effort: higher efforts save a few percent of bytes for several times the encoding time,
 * which an admin waits for on every upload.
 */
const AVIF_OPTIONS = { quality: 50, effort: 1, chromaSubsampling: '4:2:0' } as const;
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

export type DerivedFile = Pick<EncodedImage, 'suffix' | 'extension'>;

/**
 * Every file made from an image's full picture: each variant width in each format, then the link-preview
 * picture. What a page may ask for must be here, or its `<picture>` points at a missing file.
 */
export const DERIVED_FILES: readonly DerivedFile[] = [
  ...UPLOAD_VARIANT_WIDTHS.flatMap((width) =>
    UPLOAD_VARIANT_FORMATS.map((extension): DerivedFile => ({ suffix: `-${width}`, extension })),
  ),
  { suffix: '-share', extension: 'jpg' },
];

export interface EncodeOptions {
  /** WebP's effort; the seed's flat drawings need less than a photograph. */
  effort?: number;
  /** AVIF's effort; the seed's, lower, keeps a first start from waiting long on its demo pictures. */
  avifEffort?: number;
}

function encodeWith(image: Sharp, extension: UploadVariantFormat, options: EncodeOptions): Promise<Buffer> {
  return extension === 'avif'
    ? image.avif({ ...AVIF_OPTIONS, effort: options.avifEffort ?? AVIF_OPTIONS.effort }).toBuffer()
    : image.webp({ quality: WEBP_QUALITY, effort: options.effort ?? 4 }).toBuffer();
}

/** One of the derived files, from the decoded full picture. */
export async function encodeDerivedFile(
  raw: RawImage,
  file: DerivedFile,
  options: EncodeOptions = {},
): Promise<EncodedImage> {
  if (file.extension === 'jpg') return encodeShareImage(raw);
  const width = Number(file.suffix.slice(1));
  const resized = sharp(raw.data, { raw: raw.info }).resize({ width, withoutEnlargement: true });
  return { ...file, body: await encodeWith(resized, file.extension, options) };
}

/**
 * The full image as WebP with every derived file. sharp copies no metadata unless asked, so EXIF
 * (camera, GPS) and comments never leave the server.
 */
export async function encodeImageSet(raw: RawImage, options: EncodeOptions = {}): Promise<EncodedImage[]> {
  const full = encodeWith(sharp(raw.data, { raw: raw.info }), 'webp', options).then(
    (body): EncodedImage => ({ suffix: '', extension: 'webp', body }),
  );
  return Promise.all([full, ...DERIVED_FILES.map((file) => encodeDerivedFile(raw, file, options))]);
}

export const CONTENT_TYPES: Record<EncodedImage['extension'], string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

export const imageFileName = (baseName: string, image: DerivedFile) => `${baseName}${image.suffix}.${image.extension}`;

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
