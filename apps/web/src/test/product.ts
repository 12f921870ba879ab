import type { Product } from '@shop/contract/products';

/** A product as the API answers one (a dress in one size, in stock, no reviews), with `fields` changed. */
export const testProduct = (fields: Partial<Product> = {}): Product => ({
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
  colours: [
    {
      color: 'beige',
      name: 'Beige',
      swatch: '#e3d3b8',
      price: null,
      pictures: [{ url: '/uploads/linen-wrap-dress.webp', alt: 'Linen Wrap Dress' }],
    },
  ],
  variants: [{ size: 'One size', colour: 'beige', sku: 'LWD-ONE', available: 4 }],
  inStock: true,
  ...fields,
});

/** The ratings a page's stars say to assistive technology ("Rated 4.5 out of 5"), in its HTML. */
export const starLabels = (html: string) => html.match(/aria-label="Rated [^"]*"/g) ?? [];
