import { CATEGORIES, type Category, COLORS, type Color } from '@shop/contract/constants';
import { type VariantStockInput, variantStockInputSchema } from '@shop/contract/inventory';
import type { Product, ProductInput } from '@shop/contract/products';
import { CATEGORY_SIZE_SCALES, SIZE_SCALES, type SizeScale } from '@shop/contract/sizes';
import { type ColourFormValue, type ColourProblem, checkColours } from './product-colours-values';

/** What the form holds: text, as inputs give it. */
export interface ProductFormValues {
  name: string;
  category: string;
  color: string;
  price: string;
  oldPrice: string;
  image: string;
  description: string;
  /** The scale of a new product's sizes; empty for the category's usual one. */
  sizeScale: string;
  /** A new product's count on hand per size; a blank size is one the piece does not come in. */
  stock: Partial<Record<string, string>>;
  /**
   * A new product's colours, the first its own, when the admin gives it several; empty while it has only the
   * one of the Color and Image fields.
   */
  colours: ColourFormValue[];
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  category: '',
  color: '',
  price: '',
  oldPrice: '',
  image: '',
  description: '',
  sizeScale: '',
  stock: {},
  colours: [],
};

export function productToValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    category: product.category,
    color: product.color,
    price: String(product.price),
    oldPrice: product.oldPrice == null ? '' : String(product.oldPrice),
    image: product.image,
    description: product.description,
    sizeScale: product.sizeScale,
    stock: {},
    colours: [],
  };
}

/** The scale the form offers sizes in: the one chosen if the category allows it, else its usual one. */
export function formSizeScale(values: Pick<ProductFormValues, 'category' | 'sizeScale'>): SizeScale {
  const allowed = CATEGORY_SIZE_SCALES[values.category as Category] ?? ['one'];
  return allowed.includes(values.sizeScale as SizeScale) ? (values.sizeScale as SizeScale) : (allowed[0] ?? 'one');
}

/** A positive amount with at most two decimals, as the server takes it. */
function dollars(text: string): number | null {
  const value = Number(text);
  if (!text.trim() || !Number.isFinite(value) || value <= 0) return null;
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6 ? value : null;
}

export type ProductFormCheck =
  | { ok: true; input: ProductInput }
  | { ok: false; problem: 'missing' }
  | { ok: false; problem: 'price' }
  | { ok: false; problem: 'stock' }
  | { ok: false; problem: 'colours'; problems: ColourProblem[] };

/**
 * With colours, the contract's schema checks them first, each problem for its field; the product's color and
 * image are then the first colour's key and first picture, and the rest is checked as for one colour.
 */
export function checkProductForm(values: ProductFormValues, withSizes = false): ProductFormCheck {
  if (values.colours.length === 0) return checkProductFields(values, withSizes);
  const colours = checkColours({ colours: values.colours });
  if (!colours.ok) return { ok: false, problem: 'colours', problems: colours.problems };
  const first = colours.request.colours[0];
  const check = checkProductFields(
    { ...values, color: first?.color ?? '', image: first?.pictures[0]?.url ?? '' },
    withSizes,
  );
  return check.ok ? { ok: true, input: { ...check.input, colours: colours.request.colours } } : check;
}

/**
 * Name, category, price, description, color and an uploaded image are all required. A new
 * product (`withSizes`) may give the stock of each size it comes in.
 */
function checkProductFields(values: ProductFormValues, withSizes: boolean): ProductFormCheck {
  const name = values.name.trim();
  const description = values.description.trim();
  const image = values.image.trim();
  const required = [name, values.category, values.color, values.price.trim(), image, description];
  if (required.some((v) => !v)) return { ok: false, problem: 'missing' };
  if (!CATEGORIES.includes(values.category as Category) || !COLORS.includes(values.color as Color)) {
    return { ok: false, problem: 'missing' };
  }
  const price = dollars(values.price);
  const oldPrice = values.oldPrice.trim() ? dollars(values.oldPrice) : null;
  if (price === null || (values.oldPrice.trim() && oldPrice === null)) return { ok: false, problem: 'price' };
  const input: ProductInput = {
    name,
    category: values.category as Category,
    color: values.color as Color,
    price,
    oldPrice,
    image,
    description,
  };
  if (!withSizes) return { ok: true, input };

  const sizeScale = formSizeScale(values);
  const variants: VariantStockInput[] = [];
  for (const size of SIZE_SCALES[sizeScale]) {
    const text = values.stock[size]?.trim() ?? '';
    if (!text) continue;
    // The contract's own rule for a count (a whole number from 0 to MAX_STOCK), as the server applies it.
    const variant = variantStockInputSchema.safeParse({ size, onHand: Number(text) });
    if (!variant.success) return { ok: false, problem: 'stock' };
    variants.push(variant.data);
  }
  // Nothing given: the server's default, one size with its opening stock, as for the original client's form.
  if (!variants.length) return { ok: true, input };
  return { ok: true, input: { ...input, sizeScale, variants } };
}
