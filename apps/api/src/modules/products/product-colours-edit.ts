import type { Color } from '@shop/contract/constants';
import type { SizeScale, VariantStockInput } from '@shop/contract/inventory';
import { toCents } from '@shop/contract/money';
import {
  COLOUR_MESSAGES,
  PRODUCT_MESSAGES,
  type Product,
  type ProductColourInput,
  type ProductColoursRequest,
  sizesProblem,
} from '@shop/contract/products';
import type { Transaction } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { auditActorOf, changedFields, recordAudit } from '../audit/audit.service';
import { heldColours, madeInColourOf, sizesOfProducts, type VariantRow } from '../inventory/inventory.service';
import { addColours, colourName } from './product-colours';
import { type ColourRow, coloursOfProducts, deleteColours, updateColour } from './product-colours.queries';
import { toProductDto } from './products.dto';
import * as queries from './products.queries';

// An admin replaces a product's colours: kept ones are edited, new ones added with their sizes, the rest
// removed with their sizes, all in one transaction on the locked product.

/** What the audit log compares of a product's colours: their order and each one's shown fields. */
function auditSnapshot(colours: readonly ColourRow[]): Record<string, unknown> {
  const each = colours.map((c) => [
    `colour ${c.color}`,
    { name: c.name, swatch: c.swatch, priceCents: c.priceCents, pictures: c.pictures },
  ]);
  return { colours: colours.map((c) => c.color).join(', '), ...Object.fromEntries(each) };
}

/** Sizes given to a new colour must be of the product's scale, each once. */
function checkSizes(colours: readonly ProductColourInput[], scale: SizeScale) {
  for (const colour of colours) {
    const problem = sizesProblem(colour.variants?.map((v) => v.size) ?? [], scale);
    if (problem) throw invalid(problem);
  }
}

/**
 * A colour added without sizes gets the sizes of the colour that leads the product now, none in stock,
 * so it is listed with sizes to stock rather than with none.
 */
function sizesOfLead(sizes: readonly VariantRow[], lead: Color | undefined): VariantStockInput[] {
  return sizes.filter((v) => v.color === lead).map((v) => ({ size: v.size as VariantStockInput['size'], onHand: 0 }));
}

/** Edits the colours kept: what the admin left out of a kept colour (its name, swatch, price) stays. */
async function editKept(
  tx: Transaction,
  productId: string,
  kept: readonly { input: ProductColourInput; position: number }[],
) {
  for (const { input, position } of kept) {
    await updateColour(tx, productId, input.color, {
      name: input.name,
      swatch: input.swatch,
      priceCents: input.price === undefined ? undefined : input.price === null ? null : toCents(input.price),
      position,
      pictures: input.pictures.map((p) => ({ url: p.url, alt: p.alt })),
    });
  }
}

/**
 * Replaces the product's colours with these, in this order. A colour left out goes with its sizes and
 * their ledger, so one that open checkouts hold is refused until they end: a shopper's hold is never lost.
 * Sizes given for a kept colour are ignored; its stock changes through the stock route, with the ledger.
 */
export async function replaceColours(
  ctx: ServiceContext,
  id: string,
  request: ProductColoursRequest,
): Promise<Product> {
  const actor = auditActorOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const product = await queries.lockProduct(tx, id);
    if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
    const [before, sizes] = await Promise.all([coloursOfProducts(tx, [id]), sizesOfProducts(tx, [id])]);
    const had = new Set(before.map((c) => c.color));
    const wanted = request.colours.map((input, position) => ({ input, position }));
    const added = wanted.filter((c) => !had.has(c.input.color));
    checkSizes(
      added.map((c) => c.input),
      product.sizeScale,
    );
    const removed = before.map((c) => c.color).filter((color) => !wanted.some((c) => c.input.color === color));
    const [held] = await heldColours(tx, id, removed);
    if (held) {
      const name = before.find((c) => c.color === held)?.name ?? colourName(held);
      throw new AppError('conflict', COLOUR_MESSAGES.stillHeld(name));
    }
    // Added first and removed last, so the product never has no colour, even for a moment.
    const madeIn = madeInColourOf(sizes) ?? product.color;
    await addColours(tx, id, added, madeIn, sizesOfLead(sizes, before[0]?.color), actor.id);
    await editKept(
      tx,
      id,
      wanted.filter((c) => had.has(c.input.color)),
    );
    await deleteColours(tx, id, removed);
    const [after, row, afterSizes] = await Promise.all([
      coloursOfProducts(tx, [id]),
      queries.findProduct(tx, id),
      sizesOfProducts(tx, [id]),
    ]);
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
    const snapshots = [auditSnapshot(before), auditSnapshot(after)] as const;
    const changes = changedFields(snapshots[0], snapshots[1], [
      ...new Set([...Object.keys(snapshots[0]), ...Object.keys(snapshots[1])]),
    ]);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, {
        kind: 'product.updated',
        target: { type: 'product', id, label: row.name },
        details: { changes },
      });
    }
    return toProductDto(row, afterSizes, after);
  });
}
