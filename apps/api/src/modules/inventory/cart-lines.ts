import type { Category, Color } from '@shop/contract/constants';
import { INVENTORY_MESSAGES } from '@shop/contract/inventory';
import { COLOUR_MESSAGES } from '@shop/contract/products';
import type { Queryable } from '../../db/client';
import { invalid } from '../../platform/errors';
import { sizesForCheckout } from './inventory.queries';

// A shopper's cart read against the catalogue: each line's product, size and price as they are now.

/** A cart line with its product, size and price as the catalogue has them now. */
export interface CartLine {
  productId: string;
  variantId: string;
  name: string;
  image: string;
  size: string;
  color: Color;
  /** The colour's name as the shop shows it, for a product that comes in more than one. */
  colourName?: string | undefined;
  sku: string;
  unitPriceCents: number;
  quantity: number;
  /** What a discount code restricted to a category looks at. */
  category: Category;
}

export interface CartItemRequest {
  productId: string;
  quantity: number;
  size?: string | undefined;
  colour?: Color | undefined;
  sku?: string | undefined;
  /** How the shopper's cart named it, for the message when it is gone. */
  label: string;
}

/** A cart item as the client sent it: only its id, quantity and size are read, its name only for messages. */
export function cartItemRequestOf(item: {
  _id: string;
  quantity: number;
  size?: string | undefined;
  colour?: Color | undefined;
  sku?: string | undefined;
}): CartItemRequest {
  const name = (item as { name?: unknown }).name;
  return {
    productId: item._id,
    quantity: item.quantity,
    size: item.size,
    colour: item.colour,
    sku: item.sku,
    label: typeof name === 'string' && name.trim() ? `"${name.trim().slice(0, 120)}"` : item._id,
  };
}

type CheckoutSize = Awaited<ReturnType<typeof sizesForCheckout>>[number];

/**
 * The size a cart item names: by its SKU, or by its size of its colour (the product's first colour when it
 * names none). A colour with one size needs no size; one with several refuses a line without one.
 */
function variantOf(item: CartItemRequest, all: readonly CheckoutSize[], product: CheckoutSize): CheckoutSize {
  if (item.sku !== undefined) {
    const bySku = all.find((v) => v.sku === item.sku);
    if (!bySku) throw invalid(INVENTORY_MESSAGES.noSuchSize(product.name, item.sku));
    return bySku;
  }
  const colour = item.colour ?? product.color;
  const sizes = all.filter((v) => v.color === colour);
  const [only] = sizes;
  if (!only) throw invalid(COLOUR_MESSAGES.noSuchColour(product.name, item.colour ?? colour));
  const variant =
    item.size !== undefined ? sizes.find((v) => v.size === item.size) : sizes.length === 1 ? only : undefined;
  if (item.size === undefined && !variant) throw invalid(INVENTORY_MESSAGES.chooseSize(product.name));
  if (!variant) throw invalid(INVENTORY_MESSAGES.noSuchSize(product.name, item.size ?? ''));
  return variant;
}

/**
 * Prices each cart line from the catalogue and finds its size. A product with one size needs none (the
 * original client sends none); a product with several refuses a line without one.
 */
export async function resolveCartLines(db: Queryable, items: readonly CartItemRequest[]): Promise<CartLine[]> {
  const sizesOf = new Map<string, Awaited<ReturnType<typeof sizesForCheckout>>>();
  for (const row of await sizesForCheckout(
    db,
    items.map((i) => i.productId),
  )) {
    sizesOf.set(row.productId, [...(sizesOf.get(row.productId) ?? []), row]);
  }
  const missing: string[] = [];
  const lines: CartLine[] = [];
  for (const item of items) {
    const all = sizesOf.get(item.productId) ?? [];
    const product = all[0];
    if (!product) {
      missing.push(item.label);
      continue;
    }
    const variant = variantOf(item, all, product);
    lines.push({
      productId: product.productId,
      variantId: variant.variantId,
      name: product.name,
      image: variant.image,
      size: variant.size,
      color: variant.color,
      colourName: new Set(all.map((v) => v.color)).size > 1 ? variant.colourName : undefined,
      sku: variant.sku,
      // A colour's own price, where it has one, is what it sells for.
      unitPriceCents: variant.colourPriceCents ?? product.priceCents,
      quantity: item.quantity,
      category: product.category,
    });
  }
  if (missing.length > 0) {
    throw invalid(
      `No longer available: ${missing.join(', ')}. Remove ${missing.length === 1 ? 'it' : 'them'} from your cart and try again.`,
    );
  }
  if (new Set(lines.map((l) => l.variantId)).size !== lines.length) {
    throw invalid('Each product may appear in the cart only once per colour and size');
  }
  return lines;
}
