import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product } from '@shop/contract/products';
import { logInByApi, ok } from './api';
import { admin } from './env';

/**
 * A dress of the journey's own, added by the admin through the API with the sizes and stock it names,
 * and a seeded dress's picture. Other journeys add products at the same time, so each has its own.
 */
export async function newSizedDress(
  request: APIRequestContext,
  stock: Record<string, number>,
  name = 'Sized Wrap Dress',
): Promise<Product> {
  await logInByApi(request, admin);
  const seeded = await ok<{ products: Product[] }>(
    await request.get(`${apiPaths.products}?category=dress&limit=1`),
    'a seeded dress for its picture',
  );
  const { product } = await ok<{ product: Product }>(
    await request.post(apiPaths.createProduct, {
      data: {
        name: `${name} ${randomBytes(3).toString('hex')}`,
        category: 'dress',
        color: 'blue',
        price: 80,
        description: 'A wrap dress in several sizes.',
        image: seeded.products[0]?.image,
        sizeScale: 'clothing',
        variants: Object.entries(stock).map(([size, onHand]) => ({ size, onHand })),
      },
    }),
    'adding the sized dress',
  );
  return product;
}
