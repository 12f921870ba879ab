import { randomBytes } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@shop/contract/constants';
import sharp, { type Metadata } from 'sharp';
import type { ServiceContext } from '../../platform/context';
import { AppError, invalid } from '../../platform/errors';
import type { ImageStorage } from './image-storage';
import { encodeImageSet, storeImageSet, toRaw } from './image-variants';
import { pictureAddressProblem } from './picture-address';

/** The longest side of a stored upload; larger images are scaled down, smaller ones never up. */
export const UPLOAD_LONGEST_SIDE = 1600;
/** A 5 MB file can still unpack into gigabytes of pixels; this bounds the memory one upload takes. */
export const UPLOAD_MAX_PIXELS = 64_000_000;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const SUPPORTED = 'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded';

/** The bytes of a base64 data URL, refused before decoding when they would exceed 5 MB. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const header = comma > 0 ? dataUrl.slice(0, comma) : '';
  if (!header.startsWith('data:') || !header.toLowerCase().endsWith(';base64')) {
    throw invalid('The image must be a base64 data URL (data:image/...;base64,...)');
  }
  const payload = dataUrl.slice(comma + 1);
  if (!BASE64.test(payload) || payload.length % 4 === 1) throw invalid('The image data is not valid base64');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const size = Math.floor((payload.length * 3) / 4) - padding;
  if (size === 0) throw invalid('The image is empty');
  if (size > UPLOAD_MAX_BYTES) throw new AppError('too_large', 'The image is larger than 5 MB');
  return Buffer.from(payload, 'base64');
}

/** Checks what the bytes are, whatever the data URL or the file name claimed. */
async function assertSupportedImage(bytes: Buffer): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('unsupported', `The file is not an image. ${SUPPORTED}.`);
  }
  const avif = meta.format === 'heif' && meta.compression === 'av1';
  if (!avif && !['jpeg', 'png', 'webp', 'gif'].includes(meta.format ?? '')) {
    throw new AppError('unsupported', `${meta.format?.toUpperCase() ?? 'This'} images are not accepted. ${SUPPORTED}.`);
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels === 0) throw new AppError('unsupported', `The image has no size. ${SUPPORTED}.`);
  if (pixels > UPLOAD_MAX_PIXELS) throw new AppError('too_large', 'The image is larger than 64 megapixels');
}

/** Re-encodes an uploaded image to its WebP and AVIF variants without metadata and stores them under a random name. */
export async function uploadImage(ctx: ServiceContext, storage: ImageStorage, dataUrl: string): Promise<string> {
  return storeImageBytes(ctx, storage, decodeDataUrl(dataUrl));
}

/**
 * Fetches a picture from another site and stores it as an upload is stored. It must answer within the
 * timeout and send no more than an upload may be, so a slow or huge answer cannot hold the import.
 */
export async function uploadImageFromUrl(
  ctx: ServiceContext,
  storage: ImageStorage,
  url: string,
  timeoutMs: number,
): Promise<string> {
  const address = URL.parse(url);
  if (!address) throw invalid('it is not an address');
  // A redirect is not followed: it could lead where the address itself may not.
  const problem = ctx.config.importPrivateAddresses ? undefined : await pictureAddressProblem(address);
  if (problem) throw invalid(problem);
  let bytes: Buffer;
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    if (!response.ok || !response.body) throw invalid(`it answered ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > UPLOAD_MAX_BYTES) throw new AppError('too_large', 'it is larger than 5 MB');
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > UPLOAD_MAX_BYTES) throw new AppError('too_large', 'it is larger than 5 MB');
      chunks.push(chunk);
    }
    bytes = Buffer.concat(chunks);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(err instanceof Error && err.name === 'TimeoutError' ? 'it took too long' : 'it could not be reached');
  }
  if (bytes.length === 0) throw invalid('it is empty');
  return storeImageBytes(ctx, storage, bytes);
}

async function storeImageBytes(ctx: ServiceContext, storage: ImageStorage, bytes: Buffer): Promise<string> {
  await assertSupportedImage(bytes);
  let set: Awaited<ReturnType<typeof encodeImageSet>>;
  try {
    const raw = await toRaw(
      sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
        // Turn the pixels upright before the EXIF orientation is dropped with the rest of the metadata.
        .rotate()
        .resize({
          width: UPLOAD_LONGEST_SIDE,
          height: UPLOAD_LONGEST_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        }),
    );
    set = await encodeImageSet(raw);
  } catch (cause) {
    throw new AppError('invalid', 'The image is damaged or could not be read', { cause });
  }
  try {
    return await storeImageSet(storage, randomBytes(16).toString('hex'), set);
  } catch (err) {
    // A full or unwritable store is the operator's to fix, not a bug: a warning with its cause.
    if (err instanceof AppError) ctx.log.warn({ err, cause: err.cause }, 'storing an uploaded image failed');
    else ctx.log.error({ err }, 'storing an uploaded image failed');
    throw err;
  }
}
