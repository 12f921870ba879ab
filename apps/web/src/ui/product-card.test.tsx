/** @jsxRuntime automatic @jsxImportSource react */
import type { Product } from '@shop/contract/products';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { starLabels, testProduct } from '../test/product';
import { ProductCard } from './product-card';

const product = (rating: number, reviewCount: number) => testProduct({ rating, reviewCount });

const starsOf = (p: Product) =>
  starLabels(
    renderToStaticMarkup(
      <MemoryRouter>
        <ProductCard product={p} onAddToCart={() => {}} />
      </MemoryRouter>,
    ),
  );

describe('a product card', () => {
  it('shows no stars for a product without reviews', () => {
    expect(starsOf(product(0, 0))).toEqual([]);
  });

  it("shows the reviews' rating for a product with reviews", () => {
    expect(starsOf(product(4, 1))).toEqual(['aria-label="Rated 4 out of 5"']);
  });
});
