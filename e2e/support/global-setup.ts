import { type FullConfig, request as playwrightRequest } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Category, Color } from '@shop/contract/constants';
import type { Product, ProductInput } from '@shop/contract/products';
import { listProducts, logInByApi, ok } from './api';
import { admin, type CatalogueFixtures, FIXTURES_ENV } from './env';

const SEARCH_WORD = 'Zephyrine';

/** Adds the fixture products as the admin and hands them to every worker through the environment. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    await logInByApi(request, admin);
    // Each fixture wears the picture of a seeded product like it, so the grid looks right.
    const imageOf = async (category: Category, color: Color): Promise<string> => {
      const alike = await listProducts(request, { category, color, limit: 1 });
      const sameCategory = await listProducts(request, { category, limit: 1 });
      const image = alike.products[0]?.image ?? sameCategory.products[0]?.image;
      if (!image) throw new Error(`The demo catalogue has no ${category}: the journeys browse the seeded products.`);
      return image;
    };

    const create = async (input: ProductInput): Promise<Product> => {
      const body = await ok<{ product: Product }>(
        await request.post(apiPaths.createProduct, { data: input }),
        `creating ${input.name}`,
      );
      return body.product;
    };
    const fixtures: CatalogueFixtures = {
      scarf: await create({
        name: `${SEARCH_WORD} Linen Scarf`,
        category: 'accessories',
        color: 'beige',
        price: 10.1,
        description: 'A light linen scarf for spring evenings.',
        image: await imageOf('accessories', 'beige'),
      }),
      dress: await create({
        name: `${SEARCH_WORD} Silk Dress`,
        category: 'dress',
        color: 'red',
        price: 24.99,
        oldPrice: 39.99,
        description: 'A bias-cut silk dress in deep red.',
        image: await imageOf('dress', 'red'),
      }),
      searchWord: SEARCH_WORD,
    };
    process.env[FIXTURES_ENV] = JSON.stringify(fixtures);
  } finally {
    await request.dispose();
  }
}
