import { CATEGORIES, type Category, COLORS, type Color } from '@shop/contract/constants';
import type { Product, ProductInput } from '@shop/contract/products';

/** What the form holds: text, as inputs give it. */
export interface ProductFormValues {
  name: string;
  category: string;
  color: string;
  price: string;
  oldPrice: string;
  image: string;
  description: string;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  category: '',
  color: '',
  price: '',
  oldPrice: '',
  image: '',
  description: '',
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
  };
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
  | { ok: false; problem: 'price' };

/** SPEC.md 5: name, category, price, description, color and an uploaded image are all required. */
export function checkProductForm(values: ProductFormValues): ProductFormCheck {
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
  return {
    ok: true,
    input: {
      name,
      category: values.category as Category,
      color: values.color as Color,
      price,
      oldPrice,
      image,
      description,
    },
  };
}
