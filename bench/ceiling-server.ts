import type { Product, ProductListResponse } from '@shop/contract/products';
import Fastify from 'fastify';

/**
 * The ceiling of the HTTP layer on this machine: Fastify with no plugins, no logger and no database,
 * answering a fixed page of 12 products shaped exactly like the shop's product list.
 */
const colors = ['black', 'red', 'gold', 'blue', 'silver', 'beige', 'green'] as const;
const categories = ['dress', 'accessories', 'jewellery', 'cosmetics'] as const;

function product(i: number): Product {
  const hex = (n: number) => n.toString(16).padStart(12, '0');
  const category = categories[i % categories.length] ?? 'dress';
  const sizes = category === 'dress' ? ['XS', 'S', 'M', 'L', 'XL'] : ['One size'];
  return {
    _id: `0b7a1c2e-4d5f-4a6b-8c9d-${hex(i + 1)}`,
    name: `Silk Wrap Dress No. ${i + 1}`,
    category,
    description:
      'A fluid silk wrap dress with a tie waist and softly draped sleeves, cut to move and easy to wear from day to evening.',
    price: 89.5 + i,
    oldPrice: i % 3 === 0 ? 129 + i : null,
    image: `/uploads/bench-product-${i + 1}.webp`,
    color: colors[i % colors.length] ?? 'black',
    rating: 4.2,
    reviewCount: 12 + i,
    author: null,
    createdAt: '2026-01-15T10:30:00.000Z',
    updatedAt: '2026-01-15T10:30:00.000Z',
    sizeScale: category === 'dress' ? 'clothing' : 'one',
    colours: [
      {
        color: colors[i % colors.length] ?? 'black',
        name: 'Black',
        swatch: '#1f1a16',
        price: null,
        pictures: [{ url: `/uploads/bench-product-${i + 1}.webp`, alt: 'Silk Wrap Dress' }],
      },
    ],
    // As the shop's sizes look: a SKU of 16 hex digits and a few dozen available.
    variants: sizes.map((size, j) => ({
      size,
      colour: colors[i % colors.length] ?? 'black',
      sku: `LB-0B7A1C2E4D5F4A6B-${size}`,
      available: 3 + ((i + j) % 40),
    })),
    inStock: true,
  };
}

const page: ProductListResponse = {
  products: Array.from({ length: 12 }, (_, i) => product(i)),
  totalPages: 8334,
  totalProducts: 100_000,
};

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/api/products', async () => page);

const port = Number(process.env.PORT ?? 3999);
await app.listen({ port, host: '127.0.0.1' });

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
