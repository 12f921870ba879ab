/** @jsxRuntime automatic @jsxImportSource react */
import { formatMoney, toDollars } from '@shop/contract/money';
import { FREE_STANDARD_SHIPPING_FROM_CENTS } from '@shop/contract/shipping';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { starLabels, testProduct } from '../../test/product';
import { ProductDetails } from './product-details';

const render = (element: ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const ignore = () => {};

describe('the product page', () => {
  it('promises free standard shipping only from the threshold the checkout applies', () => {
    const text = textOf(render(<ProductDetails product={testProduct()} onAddToCart={ignore} />));
    const from = formatMoney(toDollars(FREE_STANDARD_SHIPPING_FROM_CENTS));
    expect(text).toContain(`Free standard shipping from ${from} of items · 100% money-back guarantee`);
    expect(text).not.toMatch(/free shipping|on all orders|on every order/i);
  });

  it('shows no stars for a product without reviews, only that it has none', () => {
    const html = render(<ProductDetails product={testProduct({ rating: 0, reviewCount: 0 })} onAddToCart={ignore} />);
    expect(starLabels(html)).toEqual([]);
    expect(textOf(html)).toContain('No reviews yet');
  });

  it("shows the reviews' rating and how many there are", () => {
    const html = render(<ProductDetails product={testProduct({ rating: 4.5, reviewCount: 2 })} onAddToCart={ignore} />);
    expect(starLabels(html)).toEqual(['aria-label="Rated 4.5 out of 5"']);
    expect(textOf(html)).toContain('4.5 · 2 reviews');
    expect(textOf(html)).not.toContain('No reviews yet');
  });
});
