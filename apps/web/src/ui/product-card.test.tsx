/** @jsxRuntime automatic @jsxImportSource react */
import type { Product } from '@shop/contract/products';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductCard } from './product-card';

const product = (rating: number, reviewCount: number): Product => ({
  _id: '5f0c1e2a-4b3d-4c5e-8f60-7a8b9c0d1e2f',
  name: 'Linen Wrap Dress',
  category: 'dress',
  description: 'A wrap dress in washed linen.',
  price: 28,
  oldPrice: null,
  image: '/uploads/linen-wrap-dress.webp',
  color: 'beige',
  rating,
  reviewCount,
  author: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  sizeScale: 'one',
  variants: [{ size: 'One size', sku: 'LWD-ONE', available: 4 }],
  inStock: true,
});

/** The stars say their rating to assistive technology: "Rated 4 out of 5". */
const starsOf = (p: Product) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ProductCard product={p} onAddToCart={() => {}} />
    </MemoryRouter>,
  ).match(/aria-label="Rated [^"]*"/g) ?? [];

describe('a product card', () => {
  it('shows no stars for a product without reviews', () => {
    expect(starsOf(product(0, 0))).toEqual([]);
  });

  it("shows the reviews' rating for a product with reviews", () => {
    expect(starsOf(product(4, 1))).toEqual(['aria-label="Rated 4 out of 5"']);
  });
});
