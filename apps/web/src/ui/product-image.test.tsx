/** @jsxRuntime automatic @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FALLBACK_IMAGE, ProductImage } from './product-image';

const SIZES = '(min-width: 768px) 50vw, 100vw';

const markup = (src: string | null, priority = true) =>
  renderToStaticMarkup(
    <ProductImage src={src} alt="Silk dress" width={800} height={1000} sizes={SIZES} priority={priority} />,
  );

describe('a product picture', () => {
  it('offers an upload as AVIF at each width, with its WebP for browsers without AVIF', () => {
    const html = markup('/uploads/silk-dress-1a2b.webp');
    expect(html).toMatch(
      /^<picture class="contents"><source type="image\/avif" srcSet="[^"]+" sizes="[^"]+" class="hidden"\/><img /,
    );
    expect(html).toContain(
      'srcSet="/uploads/silk-dress-1a2b-400.avif 400w, /uploads/silk-dress-1a2b-800.avif 800w, /uploads/silk-dress-1a2b-1200.avif 1200w"',
    );
    expect(html).toContain(
      'src="/uploads/silk-dress-1a2b.webp" srcSet="/uploads/silk-dress-1a2b-400.webp 400w, /uploads/silk-dress-1a2b-800.webp 800w, /uploads/silk-dress-1a2b-1200.webp 1200w"',
    );
    expect(html.match(new RegExp(`sizes="${SIZES.replace(/[()]/g, '\\$&')}"`, 'g'))).toHaveLength(2);
    // The page's largest picture keeps its hints, and its size against layout shift.
    expect(html).toContain('width="800" height="1000" loading="eager" fetchPriority="high" decoding="sync"');
  });

  it('gives a picture below the first screen no source until that screen is painted, then loads it lazily', () => {
    const html = markup('/uploads/silk-dress-1a2b.webp', false);
    expect(html).toContain('<source type="image/avif" sizes=');
    expect(html).not.toMatch(/srcSet|src=/);
    expect(html).toContain('loading="lazy"');
  });

  it('shows a picture from elsewhere and the fallback as one plain image', () => {
    const elsewhere = markup('https://images.example.com/dress.jpg');
    expect(elsewhere).toContain('<img src="https://images.example.com/dress.jpg" alt="Silk dress"');
    expect(elsewhere).not.toMatch(/picture|srcSet|sizes/);
    const missing = markup(null);
    expect(missing).toContain(`<img src="${FALLBACK_IMAGE}"`);
    expect(missing).not.toMatch(/picture|srcSet/);
  });
});
