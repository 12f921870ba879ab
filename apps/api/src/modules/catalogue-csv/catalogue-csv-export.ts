import { Readable } from 'node:stream';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_OPTIONS,
  type CatalogueCsvRow,
  exportedHandleOf,
} from '@shop/contract/catalogue-csv';
import { toDollars } from '@shop/contract/money';
import { stringify } from 'csv-stringify';
import type { Database } from '../../db/client';
import { colourName } from '../products/product-colours';
import { coloursForExport, productsForExport, sizesForExport } from './catalogue-csv.queries';

// The catalogue as a file: a row per size of a colour, the product's fields on its first row as Shopify
// writes them, then a row per picture naming its colour, so an import puts every picture back where it was.

type ProductLine = Awaited<ReturnType<typeof productsForExport>>[number];
type ColourLine = Awaited<ReturnType<typeof coloursForExport>>[number];
type SizeLine = Awaited<ReturnType<typeof sizesForExport>>[number];

const money = (cents: number | null) => (cents === null ? '' : toDollars(cents).toFixed(2));

function groupBy<T extends { productId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.productId);
    if (group) group.push(row);
    else groups.set(row.productId, [row]);
  }
  return groups;
}

/** The rows of one product, in the file's column names. */
export function rowsOfProduct(product: ProductLine, colours: readonly ColourLine[], sizes: readonly SizeLine[]) {
  const handle = exportedHandleOf(product.name, product.id);
  const rows: CatalogueCsvRow[] = [];
  for (const colour of colours) {
    for (const size of sizes.filter((s) => s.color === colour.color)) {
      const first = rows.length === 0;
      rows.push({
        Handle: handle,
        ...(first
          ? {
              Title: product.name,
              'Body (HTML)': product.description,
              Type: product.category,
              'Option1 Name': CATALOGUE_CSV_OPTIONS.colour,
              'Option2 Name': CATALOGUE_CSV_OPTIONS.size,
              'Variant Compare At Price': money(product.oldPriceCents),
            }
          : {}),
        'Option1 Value': colourName(colour.color),
        'Option2 Value': size.size,
        'Variant SKU': size.sku,
        'Variant Price': money(colour.priceCents ?? product.priceCents),
        'Variant Inventory Qty': String(size.onHand),
        'Variant Image': colour.pictures[0]?.url ?? '',
      });
    }
  }
  let position = 0;
  for (const colour of colours) {
    for (const picture of colour.pictures) {
      position += 1;
      rows.push({
        Handle: handle,
        'Option1 Value': colourName(colour.color),
        'Image Src': picture.url,
        'Image Position': String(position),
        'Image Alt Text': picture.alt,
      });
    }
  }
  return rows;
}

function* catalogueRows(products: readonly ProductLine[], colours: readonly ColourLine[], sizes: readonly SizeLine[]) {
  const coloursOf = groupBy(colours);
  const sizesOf = groupBy(sizes);
  for (const product of products) {
    const rows = rowsOfProduct(product, coloursOf.get(product.id) ?? [], sizesOf.get(product.id) ?? []);
    for (const row of rows) yield CATALOGUE_CSV_COLUMNS.map((column) => row[column] ?? '');
  }
}

/** The whole catalogue as a stream of CSV text, read in one snapshot so a product never loses half its rows. */
export async function catalogueCsv(db: Database): Promise<Readable> {
  const [products, colours, sizes] = await db.transaction(
    async (tx) => Promise.all([productsForExport(tx), coloursForExport(tx), sizesForExport(tx)]),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return Readable.from(catalogueRows(products, colours, sizes)).pipe(
    stringify({ header: true, columns: [...CATALOGUE_CSV_COLUMNS] }),
  );
}
