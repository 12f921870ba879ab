import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_CSV_MESSAGES,
  CATALOGUE_CSV_PICTURE_TIMEOUT_MS,
  CATALOGUE_CSV_PROBLEMS_SHOWN,
  type CatalogueCsvProblem,
  type CatalogueImportResponse,
  exportedHandleOf,
} from '@shop/contract/catalogue-csv';
import { toCents } from '@shop/contract/money';
import type { ServiceContext } from '../../platform/context';
import { mapLimit } from '../../platform/map-limit';
import { auditActorOf, recordAudit } from '../audit/audit.service';
import { ledgerRow, newVariant } from '../inventory/inventory.service';
import { colourRow } from '../products/product-colours';
import type { ImageStorage } from '../uploads/image-storage';
import { uploadImageFromUrl } from '../uploads/uploads.service';
import {
  insertCatalogue,
  type NewColour,
  type NewLedgerRow,
  type NewProduct,
  type NewVariant,
  productsByIdStart,
} from './catalogue-csv.queries';
import { type PlannedProduct, planProduct } from './catalogue-csv-plan';
import { parseCsv, readRows } from './catalogue-csv-rows';

export { catalogueCsv } from './catalogue-csv-export';

/** Pictures fetched at once: enough to hide each site's wait, few enough not to flood one site. */
const PICTURE_FETCHES_IN_FLIGHT = 6;

const byRow = (a: CatalogueCsvProblem, b: CatalogueCsvProblem) => a.row - b.row;

/** A handle this shop exported names its product: the import adds products, so such a handle is refused. */
async function handlesInTheShop(ctx: ServiceContext, planned: readonly PlannedProduct[]) {
  const shaped = planned.filter((p) => /-[0-9a-f]{8}$/.test(p.handle));
  const found = await productsByIdStart(
    ctx.db,
    shaped.map((p) => p.handle.slice(-8)),
  );
  const handles = new Set(found.map((p) => exportedHandleOf(p.name, p.id)));
  return shaped
    .filter((p) => handles.has(p.handle))
    .map((p) => ({
      row: p.row,
      message: `${p.handle} is in the shop already: an import only adds products, so remove its rows`,
    }));
}

/** Every problem of the file, and the products it would add when there are none. */
async function checkFile(ctx: ServiceContext, text: string) {
  const parsed = parseCsv(text);
  if (parsed.problems.length > 0) return { planned: [], problems: parsed.problems };
  const read = readRows(parsed.rows);
  const problems = [...read.problems];
  const planned: PlannedProduct[] = [];
  for (const lines of read.handles) {
    if (lines.broken) continue;
    const plan = planProduct(lines);
    if (Array.isArray(plan)) problems.push(...plan);
    else planned.push(plan);
  }
  problems.push(...(await handlesInTheShop(ctx, planned)));
  return { planned, problems: problems.sort(byRow) };
}

/** Each picture from another site fetched once and stored as an upload; the shop's own are kept. */
async function storePictures(ctx: ServiceContext, storage: ImageStorage, planned: readonly PlannedProduct[]) {
  const firstRow = new Map<string, number>();
  for (const product of planned) {
    for (const colour of product.input.colours) {
      for (const picture of colour.pictures) {
        if (!picture.url.startsWith('/uploads/') && !firstRow.has(picture.url)) {
          firstRow.set(picture.url, product.row);
        }
      }
    }
  }
  const stored = new Map<string, string>();
  const problems: CatalogueCsvProblem[] = [];
  await mapLimit([...firstRow.keys()], PICTURE_FETCHES_IN_FLIGHT, async (url) => {
    try {
      stored.set(url, await uploadImageFromUrl(ctx, storage, url, CATALOGUE_CSV_PICTURE_TIMEOUT_MS));
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'it could not be read';
      problems.push({ row: firstRow.get(url) ?? 1, message: `The picture ${url} could not be used: ${reason}` });
    }
  });
  return { stored, problems: problems.sort(byRow) };
}

/** The rows of every table the products go in; ids are made here so the ledger can name its sizes. */
function tableRows(planned: readonly PlannedProduct[], actorId: string) {
  const rows = { products: [] as NewProduct[], colours: [] as NewColour[], variants: [] as NewVariant[] };
  const ledger: NewLedgerRow[] = [];
  // The file's order is kept as the products' age, so the shop lists them as the file did and an export repeats it.
  const start = Date.now() - planned.length;
  planned.forEach(({ input, sizeScale }, index) => {
    const id = randomUUID();
    const [first] = input.colours;
    const at = new Date(start + index);
    rows.products.push({
      id,
      name: input.name,
      category: input.category,
      color: input.color,
      description: input.description,
      priceCents: toCents(input.price),
      oldPriceCents: typeof input.oldPrice === 'number' ? toCents(input.oldPrice) : null,
      image: first?.pictures[0]?.url ?? input.image,
      sizeScale,
      authorId: actorId,
      createdAt: at,
      updatedAt: at,
    });
    input.colours.forEach((colour, position) => {
      rows.colours.push(colourRow(id, colour, position));
      for (const size of colour.variants ?? []) {
        const variantId = randomUUID();
        // Sizes open at zero and their stock arrives as the admin's restock, so the ledger says who stocked them.
        rows.variants.push({
          ...newVariant(id, colour.color, size.size, 0, input.color),
          id: variantId,
          onHand: size.onHand,
        });
        if (size.onHand > 0) ledger.push(ledgerRow(variantId, 'restock', { onHand: size.onHand }, actorId));
      }
    });
  });
  return { ...rows, ledger };
}

const withPictures = (planned: readonly PlannedProduct[], stored: Map<string, string>): PlannedProduct[] =>
  planned.map((p) => {
    const colours = p.input.colours.map((c) => ({
      ...c,
      pictures: c.pictures.map((picture) => ({ ...picture, url: stored.get(picture.url) ?? picture.url })),
    }));
    return { ...p, input: { ...p.input, colours, image: colours[0]?.pictures[0]?.url ?? p.input.image } };
  });

function answer(planned: readonly PlannedProduct[], problems: CatalogueCsvProblem[], dryRun: boolean) {
  const colours = planned.flatMap((p) => p.input.colours);
  const message =
    problems.length > 0
      ? CATALOGUE_CSV_MESSAGES.refused
      : dryRun
        ? CATALOGUE_CSV_MESSAGES.checked
        : CATALOGUE_CSV_MESSAGES.imported;
  return {
    message,
    dryRun,
    products: planned.length,
    colours: colours.length,
    sizes: colours.reduce((n, c) => n + (c.variants?.length ?? 0), 0),
    problems: problems.slice(0, CATALOGUE_CSV_PROBLEMS_SHOWN),
  } satisfies CatalogueImportResponse;
}

/**
 * Checks the whole file before anything is written, then adds every product of it in one transaction,
 * so a file is imported whole or not at all. A dry run stops after the check.
 */
export async function importCatalogue(
  ctx: ServiceContext,
  storage: ImageStorage,
  text: string,
  options: { dryRun: boolean },
): Promise<CatalogueImportResponse> {
  const actor = auditActorOf(ctx);
  const checked = await checkFile(ctx, text);
  if (checked.problems.length > 0 || options.dryRun) {
    return answer(checked.planned, checked.problems, options.dryRun);
  }
  const pictures = await storePictures(ctx, storage, checked.planned);
  if (pictures.problems.length > 0) return answer(checked.planned, pictures.problems, false);
  const planned = withPictures(checked.planned, pictures.stored);
  const rows = tableRows(planned, actor.id);
  await ctx.db.transaction(async (tx) => {
    await insertCatalogue(tx, rows);
    await recordAudit(tx, actor, {
      kind: 'catalogue.imported',
      target: { type: 'product', id: null, label: `${planned.length} products from a CSV file` },
      details: { products: rows.products.length, colours: rows.colours.length, sizes: rows.variants.length },
    });
  });
  return answer(planned, [], false);
}
