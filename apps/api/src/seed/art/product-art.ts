import { createHash } from 'node:crypto';
import type { Category, Color } from '@shop/contract/constants';
import sharp from 'sharp';
import { type EncodedImage, encodeImageSet, toRaw } from '../../modules/uploads/image-variants';
import { ACCESSORY_KINDS, type AccessoryKind, drawAccessory } from './accessories';
import { COSMETIC_KINDS, type CosmeticKind, drawCosmetic } from './cosmetics';
import { DRESS_KINDS, type DressKind, drawDress } from './dresses';
import { drawJewellery, JEWELLERY_KINDS, type JewelleryKind } from './jewellery';
import { backdropFor, productTone, rngOf } from './palette';
import { type Drawing, studio } from './studio';
import { Defs } from './svg';

export const ART_KINDS = {
  dress: DRESS_KINDS,
  accessories: ACCESSORY_KINDS,
  jewellery: JEWELLERY_KINDS,
  cosmetics: COSMETIC_KINDS,
} as const satisfies Record<Category, readonly string[]>;

export type ArtSpec =
  | { category: 'dress'; kind: DressKind; color: Color; seed: number }
  | { category: 'accessories'; kind: AccessoryKind; color: Color; seed: number }
  | { category: 'jewellery'; kind: JewelleryKind; color: Color; seed: number }
  | { category: 'cosmetics'; kind: CosmeticKind; color: Color; seed: number };

/** The product drawn as a studio photograph, as SVG; the seed varies shape, shade, backdrop and details. */
export function productSvg(spec: ArtSpec): string {
  const rng = rngOf(spec.seed);
  const defs = new Defs();
  const backdrop = backdropFor(spec.color, rng);
  const tone = productTone(spec.color, rng);
  let drawing: Drawing;
  switch (spec.category) {
    case 'dress':
      drawing = drawDress(spec.kind, defs, tone, rng);
      break;
    case 'accessories':
      drawing = drawAccessory(spec.kind, defs, tone, rng);
      break;
    case 'jewellery':
      drawing = drawJewellery(spec.kind, defs, spec.color, rng);
      break;
    case 'cosmetics':
      drawing = drawCosmetic(spec.kind, defs, tone, spec.color, rng);
      break;
  }
  return studio(defs, backdrop, drawing);
}

export interface ProductImage {
  /** Changes whenever the drawing does, so the year-long cache of /uploads never serves an old one. */
  baseName: string;
  set: EncodedImage[];
}

/** Renders once at 1200 px and encodes it with its variants and link-preview picture, named as uploads are. */
export async function renderProductImage(spec: ArtSpec, slug: string): Promise<ProductImage> {
  const svg = productSvg(spec);
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
  const raw = await toRaw(sharp(Buffer.from(svg)).removeAlpha());
  return { baseName: `${slug}-${hash}`, set: await encodeImageSet(raw, { effort: 2, avifEffort: 0 }) };
}
