/** @jsxRuntime automatic @jsxImportSource react */
import type { ProductPicture } from '@shop/contract/products';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './product-gallery';

const pictures: ProductPicture[] = [
  { url: '/uploads/wrap-dress-front.webp', alt: 'Wrap dress, front' },
  { url: '/uploads/wrap-dress-back.webp', alt: 'Wrap dress, back' },
  { url: '/uploads/wrap-dress-detail.webp', alt: 'Wrap dress, detail' },
];

function render(list: readonly ProductPicture[]) {
  const html = renderToStaticMarkup(<ProductGallery name="Wrap Dress" pictures={list} />);
  const buttons = [...html.matchAll(/<button([^>]*)>/g)].map((m) => m[1] ?? '');
  const labelOf = (attrs: string) => attrs.match(/aria-label="([^"]*)"/)?.[1];
  const main = buttons.find((b) => labelOf(b)?.startsWith('Enlarge')) ?? '';
  return {
    html,
    main,
    thumbnails: buttons.filter((b) => labelOf(b)?.startsWith('Show picture')),
    arrows: buttons.map(labelOf).filter((l) => l === 'Previous picture' || l === 'Next picture'),
    images: [...html.matchAll(/<img([^>]*)>/g)].map((m) => m[1] ?? ''),
  };
}

describe('the product gallery', () => {
  it('shows the first picture large, fetched first, with a thumbnail of each and the first marked current', () => {
    const { main, thumbnails, images, html } = render(pictures);
    expect(main).toContain('aria-label="Enlarge picture 1: Wrap dress, front"');
    expect(main).toContain('aria-haspopup="dialog"');
    expect(images[0]).toContain('src="/uploads/wrap-dress-front.webp"');
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images[0]).toContain('loading="eager"');
    expect(thumbnails.map((t) => t.match(/aria-label="([^"]*)"/)?.[1])).toEqual([
      'Show picture 1 of 3: Wrap dress, front',
      'Show picture 2 of 3: Wrap dress, back',
      'Show picture 3 of 3: Wrap dress, detail',
    ]);
    expect(thumbnails.map((t) => t.includes('aria-current="true"'))).toEqual([true, false, false]);
    expect(html).toMatch(/aria-live="polite"[^>]*>Picture 1 of 3</);
  });

  it('loads every picture but the first lazily', () => {
    const { images } = render(pictures);
    // The main picture, then the thumbnails, then the zoom's large one.
    expect(images.slice(1).every((img) => img.includes('loading="lazy"'))).toBe(true);
  });

  it('has arrows to move through several pictures, on the page and in the zoom', () => {
    const both = ['Previous picture', 'Next picture'];
    expect(render(pictures).arrows).toEqual([...both, ...both]);
  });

  it('shows one picture alone, as before galleries: no thumbnails, arrows or count', () => {
    const { main, thumbnails, arrows, images, html } = render(pictures.slice(0, 1));
    expect(thumbnails).toEqual([]);
    expect(arrows).toEqual([]);
    expect(html).not.toContain('Picture 1 of 1');
    expect(main).toContain('aria-label="Enlarge: Wrap dress, front"');
    expect(images[0]).toContain('fetchPriority="high"');
  });
});
