import { CATALOGUE_CSV_MAX_ROWS } from '@shop/contract/catalogue-csv';
import { logIn } from './api-suite';
import { BENCH_ADMIN } from './datasets';

// An admin's import of a large catalogue file: how long the shop takes to check and write it whole.

export interface CatalogueImport {
  products: number;
  /** The files they came in, each at most what one import takes. */
  files: number;
  /** From sending the file to the shop's answer that every product is in. */
  seconds: number;
}

export const CATALOGUE_IMPORT_PRODUCTS = 10_000;
const COLOURS = ['Black', 'Red', 'Blue'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const HEADER =
  'Handle,Title,Body (HTML),Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Variant Inventory Qty,Variant Image,Image Src,Image Position,Image Alt Text';

/**
 * Dresses in three colours of five sizes, each colour with one of the shop's own pictures (fetching
 * pictures from other sites would measure those sites). Every value is plain words and numbers, so the
 * lines need no quoting.
 */
export function catalogueFile(products: number, from = 0): string {
  const lines = [HEADER];
  for (let i = from; i < from + products; i++) {
    const handle = `bench-import-dress-${i}`;
    COLOURS.forEach((colour, c) => {
      const picture = `/uploads/bench-import-${colour.toLowerCase()}.webp`;
      SIZES.forEach((size, s) => {
        const first = c === 0 && s === 0;
        const product = first ? `Bench import dress ${i},A dress made for the import bench.,dress,Color` : ',,,';
        lines.push(
          `${handle},${product},${colour},${first ? 'Size' : ''},${size},${(40 + (i % 60)).toFixed(2)},${(i + s) % 20},${picture},,,`,
        );
      });
      lines.push(`${handle},,,,,${colour},,,,,,${picture},${c + 1},Bench import dress ${i} in ${colour}`);
    });
  }
  return `${lines.join('\n')}\n`;
}

/** The most products of one file: an import holds at most CATALOGUE_CSV_MAX_ROWS rows (18 per product here). */
const PRODUCTS_PER_FILE = Math.floor(CATALOGUE_CSV_MAX_ROWS / (COLOURS.length * (SIZES.length + 1)));

/**
 * Imports the products as the bench admin, in as few files as the shop takes, one after another, timed from
 * the first file sent to the last answer; run last on a shop, since it adds the products it imports.
 */
export async function measureCatalogueImport(shopUrl: string, products = CATALOGUE_IMPORT_PRODUCTS) {
  const token = await logIn(shopUrl, BENCH_ADMIN);
  const started = performance.now();
  for (let from = 0; from < products; from += PRODUCTS_PER_FILE) {
    const count = Math.min(PRODUCTS_PER_FILE, products - from);
    const res = await fetch(`${shopUrl}/api/products/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: catalogueFile(count, from),
    });
    const body = (await res.json()) as { products?: number; problems?: unknown[] };
    if (!res.ok || body.products !== count) {
      throw new Error(`the import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    products,
    files: Math.ceil(products / PRODUCTS_PER_FILE),
    seconds: Math.round(seconds * 100) / 100,
  } satisfies CatalogueImport;
}
