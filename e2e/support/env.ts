import type { Product } from '@shop/contract/products';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with \`npm run test -w e2e\`.`);
  return value;
}

/** The shop's admin, created by the server at first start from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const admin = {
  email: required('E2E_ADMIN_EMAIL'),
  password: required('E2E_ADMIN_PASSWORD'),
};

/** Products the global setup adds with prices chosen so the cart's totals need exact rounding. */
export interface CatalogueFixtures {
  /** $10.10: 5% tax is $0.505, which the shop rounds half up to $0.51. */
  scarf: Product;
  /** $24.99 with an old price, so the product page shows a struck-through price. */
  dress: Product;
  /** A word in both fixture names and in no seeded product, for search. */
  searchWord: string;
}

export const FIXTURES_ENV = 'E2E_FIXTURES';

export function fixtures(): CatalogueFixtures {
  return JSON.parse(required(FIXTURES_ENV)) as CatalogueFixtures;
}
