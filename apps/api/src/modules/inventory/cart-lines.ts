import type { Category } from '@shop/contract/constants';
import { INVENTORY_MESSAGES } from '@shop/contract/inventory';
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
  sku?: string | undefined;
  /** How the shopper's cart named it, for the message when it is gone. */
  label: string;
}

/** A cart item as the client sent it: only its id, quantity and size are read, its name only for messages. */
export function cartItemRequestOf(item: {
  _id: string;
  quantity: number;
  size?: string | undefined;
  sku?: string | undefined;
}): CartItemRequest {
  const name = (item as { name?: unknown }).name;
  return {
    productId: item._id,
    quantity: item.quantity,
    size: item.size,
    sku: item.sku,
    label: typeof name === 'string' && name.trim() ? `"${name.trim().slice(0, 120)}"` : item._id,
  };
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
    const sizes = sizesOf.get(item.productId) ?? [];
    const product = sizes[0];
    if (!product) {
      missing.push(item.label);
      continue;
    }
    let variant: (typeof sizes)[number] | undefined;
    if (item.sku !== undefined) variant = sizes.find((v) => v.sku === item.sku);
    else if (item.size !== undefined) variant = sizes.find((v) => v.size === item.size);
    else if (sizes.length === 1) variant = product;
    else throw invalid(INVENTORY_MESSAGES.chooseSize(product.name));
    if (!variant) throw invalid(INVENTORY_MESSAGES.noSuchSize(product.name, item.size ?? item.sku ?? ''));
    lines.push({
      productId: product.productId,
      variantId: variant.variantId,
      name: product.name,
      image: product.image,
      size: variant.size,
      sku: variant.sku,
      unitPriceCents: product.priceCents,
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
    throw invalid('Each product may appear in the cart only once per size');
  }
  return lines;
}
