/** @jsxRuntime automatic @jsxImportSource react */
import type { Product } from '@shop/contract/products';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testProduct } from '../../test/product';
import { ProductDetails } from './product-details';
import { withColour } from './use-chosen-colour';

const picture = (name: string) => ({ url: `/uploads/wrap-dress-${name}.webp`, alt: `Wrap dress, ${name}` });

/** A dress in beige (the product's own) and red, red dearer and sold out in S. */
const dress = testProduct({
  sizeScale: 'clothing',
  colours: [
    { color: 'beige', name: 'Sand', swatch: '#e3d3b8', price: null, pictures: [picture('sand')] },
    { color: 'red', name: 'Poppy', swatch: '#c0392b', price: 34, pictures: [picture('poppy'), picture('poppy-back')] },
  ],
  variants: [
    { size: 'S', colour: 'beige', sku: 'WD-BE-S', available: 3 },
    { size: 'M', colour: 'beige', sku: 'WD-BE-M', available: 5 },
    { size: 'S', colour: 'red', sku: 'WD-RE-S', available: 0 },
    { size: 'M', colour: 'red', sku: 'WD-RE-M', available: 2 },
    { size: 'L', colour: 'red', sku: 'WD-RE-L', available: 6 },
  ],
});

function render(product: Product, address: string) {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[address]}>
      <ProductDetails product={product} onAddToCart={() => {}} />
    </MemoryRouter>,
  );
  const radios = [...html.matchAll(/<input([^>]*type="radio"[^>]*)>/g)].map((m) => m[1] ?? '');
  const named = (name: string) => radios.filter((r) => r.includes(`name="${name}`));
  const value = (attrs: string) => attrs.match(/value="([^"]*)"/)?.[1];
  return {
    html,
    text: html
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
    colours: named('colour').map((r) => ({
      name: r.match(/aria-label="([^"]*)"/)?.[1],
      checked: r.includes('checked'),
    })),
    sizes: named('size').map((r) => ({ size: value(r), disabled: r.includes('disabled') })),
    price: html.match(/text-2xl[^"]*"><span[^>]*>([^<]*)</)?.[1],
    mainPicture: html.match(/<img[^>]*src="([^"]*)"/)?.[1],
  };
}

describe('the product page in colours', () => {
  it("opens in the product's own colour, with a swatch per colour and a dearer colour's price beside it", () => {
    const page = render(dress, '/shop/1');
    expect(page.colours).toEqual([
      { name: 'Sand', checked: true },
      { name: 'Poppy', checked: false },
    ]);
    expect(page.text).toContain('Colour: Sand');
    expect(page.text).toContain('$34.00');
    expect(page.price).toBe('$28.00');
    expect(page.mainPicture).toBe('/uploads/wrap-dress-sand.webp');
    expect(page.sizes).toEqual([
      { size: 'S', disabled: false },
      { size: 'M', disabled: false },
    ]);
  });

  it('shows the colour the address names: its pictures, its sizes (sold out ones disabled) and its price', () => {
    const page = render(dress, '/shop/1?colour=red');
    expect(page.colours.find((c) => c.checked)?.name).toBe('Poppy');
    expect(page.text).toContain('Colour: Poppy');
    expect(page.mainPicture).toBe('/uploads/wrap-dress-poppy.webp');
    expect(page.html).toContain('Show picture 2 of 2: Wrap dress, poppy-back');
    expect(page.sizes).toEqual([
      { size: 'S', disabled: true },
      { size: 'M', disabled: false },
      { size: 'L', disabled: false },
    ]);
    expect(page.price).toBe('$34.00');
  });

  it('falls back to the first colour when the address names one the product does not come in', () => {
    expect(render(dress, '/shop/1?colour=green').colours.find((c) => c.checked)?.name).toBe('Sand');
  });

  it('shows no colours to choose for a product of one colour', () => {
    const page = render(testProduct(), '/shop/1');
    expect(page.colours).toEqual([]);
    expect(page.text).not.toContain('Colour:');
  });

  it('writes the chosen colour into the address and keeps the rest of it', () => {
    const next = withColour(new URLSearchParams('colour=beige&ref=mail'), 'red');
    expect(next.get('colour')).toBe('red');
    expect(next.get('ref')).toBe('mail');
  });
});
