import { z } from 'zod';
import { UPLOAD_VARIANT_WIDTHS, type UploadVariantFormat, type UploadVariantWidth } from './constants';

/** Where clients of the original API post images; the same route as `apiPaths.uploadImage`. */
export const LEGACY_UPLOAD_IMAGE_PATH = '/uploadImage';
/** A 5 MB image is about 6.7 MB once base64-encoded in JSON. */
export const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

export const uploadImageRequestSchema = z.object({
  image: z
    .string({ message: 'image must be a data URL string' })
    .startsWith('data:', 'image must be a data URL (data:image/...;base64,...)')
    .max(UPLOAD_BODY_LIMIT, 'The image is larger than 5 MB'),
});
export type UploadImageRequest = z.infer<typeof uploadImageRequestSchema>;

/** The response body is the stored image's URL, for example "/uploads/3f2a....webp". */
export const uploadImageResponseSchema = z.string();

/** The part of an uploaded image's URL its variants' URLs share, or nothing for an image from elsewhere. */
const storedBase = (url: string): string | undefined => /^(.*\/uploads\/[^/?#]+)\.webp$/.exec(url)?.[1];

/**
 * Uploaded images are stored as `{name}.webp` with `{name}-{width}.{format}` beside it for every
 * variant width and format; this builds one format's `srcset`, or nothing for an image from elsewhere.
 */
export function imageSrcSet(url: string, format: UploadVariantFormat = 'webp'): string | undefined {
  const base = storedBase(url);
  if (!base) return undefined;
  return UPLOAD_VARIANT_WIDTHS.map((w) => `${base}-${w}.${format} ${w}w`).join(', ');
}

export function imageVariantUrl(url: string, width: UploadVariantWidth, format: UploadVariantFormat = 'webp'): string {
  const base = storedBase(url);
  return base ? `${base}-${width}.${format}` : url;
}

/** An uploaded image's link-preview picture, `{name}-share.jpg`, or nothing for an image from elsewhere. */
export function shareImageUrl(url: string): string | undefined {
  const base = storedBase(url);
  return base ? `${base}-share.jpg` : undefined;
}
