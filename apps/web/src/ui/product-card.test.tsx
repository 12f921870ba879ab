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

const colour = (
  color: 'beige' | 'red' | 'black' | 'blue' | 'gold' | 'green' | 'silver',
  price: number | null = null,
) => ({
  color,
  name: `${color[0]?.toUpperCase()}${color.slice(1)}`,
  swatch: '',
  price,
  pictures: [{ url: `/uploads/dress-${color}.webp`, alt: color }],
});
const cardOf = (p: Product, colourFilter?: string[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      {/* A first-screen card, whose picture is in the HTML at once. */}
      <ProductCard product={p} onAddToCart={() => {}} colourFilter={colourFilter} priority />
    </MemoryRouter>,
  );

describe('a product card in colours', () => {
  const threeColours = testProduct({ colours: [colour('beige'), colour('red', 34), colour('black')] });

  it('shows a dot per colour for the eye and tells screen readers only how many colours there are', () => {
    const html = cardOf(threeColours);
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>(<span title="[^"]+"[^>]*><\/span>){3}<\/span>/);
    expect(html).toContain('<span class="sr-only">3 colours</span>');
  });

  it('shows five dots at most, and how many more', () => {
    const html = cardOf(
      testProduct({
        colours: [colour('beige'), colour('red'), colour('black'), colour('blue'), colour('gold'), colour('green')],
      }),
    );
    expect(html.match(/<span title=/g)).toHaveLength(5);
    expect(html).toContain('+1');
    expect(html).toContain('6 colours');
  });

  it("shows the filtered colour's picture and price and links to the product in it", () => {
    const html = cardOf(threeColours, ['red']);
    expect(html).toContain('src="/uploads/dress-red.webp"');
    expect(html).toContain(`href="/shop/${threeColours._id}?colour=red"`);
    expect(html).not.toContain(`href="/shop/${threeColours._id}"`);
    expect(html).toContain('$34.00');
  });

  it('shows a product of one colour as before: no dots, its own picture and link', () => {
    const html = cardOf(testProduct(), ['beige']);
    expect(html).not.toContain('colours</span>');
    expect(html).toContain('src="/uploads/linen-wrap-dress.webp"');
    expect(html).toContain(`href="/shop/${testProduct()._id}"`);
  });
});
