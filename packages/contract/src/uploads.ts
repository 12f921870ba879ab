import { z } from 'zod';
import { UPLOAD_VARIANT_WIDTHS } from './constants';

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

/**
 * Uploaded images are stored as `{name}.webp` with `{name}-400.webp` and `{name}-800.webp`
 * beside it; this builds the `srcset` for one, or nothing for an image from elsewhere.
 */
export function imageSrcSet(url: string): string | undefined {
  const match = /^(.*\/uploads\/[^/?#]+)\.webp$/.exec(url);
  if (!match) return undefined;
  return UPLOAD_VARIANT_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ');
}

export function imageVariantUrl(url: string, width: (typeof UPLOAD_VARIANT_WIDTHS)[number]): string {
  const match = /^(.*\/uploads\/[^/?#]+)\.webp$/.exec(url);
  return match ? `${match[1]}-${width}.webp` : url;
}

/** An uploaded image's link-preview picture, `{name}-share.jpg`, or nothing for an image from elsewhere. */
export function shareImageUrl(url: string): string | undefined {
  const match = /^(.*\/uploads\/[^/?#]+)\.webp$/.exec(url);
  return match ? `${match[1]}-share.jpg` : undefined;
}
