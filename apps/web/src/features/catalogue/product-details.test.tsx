/** @jsxRuntime automatic @jsxImportSource react */
import { formatMoney, toDollars } from '@shop/contract/money';
import type { Product } from '@shop/contract/products';
import { FREE_STANDARD_SHIPPING_FROM_CENTS } from '@shop/contract/shipping';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductDetails } from './product-details';

const render = (element: ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const product = (fields: Partial<Product> = {}): Product => ({
  _id: '5f0c1e2a-4b3d-4c5e-8f60-7a8b9c0d1e2f',
  name: 'Linen Wrap Dress',
  category: 'dress',
  description: 'A wrap dress in washed linen.',
  price: 28,
  oldPrice: null,
  image: '/uploads/linen-wrap-dress.webp',
  color: 'beige',
  rating: 0,
  reviewCount: 0,
  author: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  sizeScale: 'one',
  variants: [{ size: 'One size', sku: 'LWD-ONE', available: 4 }],
  inStock: true,
  ...fields,
});

const ignore = () => {};
/** The stars say their rating to assistive technology: "Rated 4.5 out of 5". */
const stars = (html: string) => html.match(/aria-label="Rated [^"]*"/g) ?? [];

describe('the product page', () => {
  it('promises free standard shipping only from the threshold the checkout applies', () => {
    const text = textOf(render(<ProductDetails product={product()} onAddToCart={ignore} />));
    const from = formatMoney(toDollars(FREE_STANDARD_SHIPPING_FROM_CENTS));
    expect(text).toContain(`Free standard shipping from ${from} of items · 100% money-back guarantee`);
    expect(text).not.toMatch(/free shipping|on all orders|on every order/i);
  });

  it('shows no stars for a product without reviews, only that it has none', () => {
    const html = render(<ProductDetails product={product({ rating: 0, reviewCount: 0 })} onAddToCart={ignore} />);
    expect(stars(html)).toEqual([]);
    expect(textOf(html)).toContain('No reviews yet');
  });

  it("shows the reviews' rating and how many there are", () => {
    const html = render(<ProductDetails product={product({ rating: 4.5, reviewCount: 2 })} onAddToCart={ignore} />);
    expect(stars(html)).toEqual(['aria-label="Rated 4.5 out of 5"']);
    expect(textOf(html)).toContain('4.5 · 2 reviews');
    expect(textOf(html)).not.toContain('No reviews yet');
  });
});
