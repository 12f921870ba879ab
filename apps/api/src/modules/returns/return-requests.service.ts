import { ORDER_MESSAGES } from '@shop/contract/orders';
import type { Return } from '@shop/contract/returns';
import {
  EXCHANGE_HOLD_DAYS,
  RETURN_MESSAGES,
  type returnLineRequestSchema,
  type returnRequestSchema,
} from '@shop/contract/returns';
import type { z } from 'zod';
import type { Transaction } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { AppError, conflict, invalid, notFound, pgErrorCode, unauthorised } from '../../platform/errors';
import { enqueueMail, mailEventKey } from '../../platform/mail-jobs';
import { reserveCart, resolveCartLines } from '../inventory/inventory.service';
import { choiceOf, exchangeSizeOf, returnableOf, whyNotReturnable } from './return-rules';
import { toReturnDto } from './returns.dto';
import * as queries from './returns.queries';

// A customer's request to return lines of their order, and the exchange sizes it holds at once.

type ReturnRequestBody = z.output<typeof returnRequestSchema>;
type LineRequest = z.output<typeof returnLineRequestSchema>;

/** A requested line checked against the order: the line bought and, for an exchange, the size wanted. */
interface SettledLine {
  request: LineRequest;
  bought: queries.BoughtLine;
  exchange: queries.ExchangeSize | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a return's line shows of the order line it returns. */
const pick = ({ productId, name, image, size, colour }: queries.BoughtLine) => ({
  productId,
  name,
  image,
  size,
  colour,
});

/** PostgreSQL's answer to a statement run after another failed in the same transaction (or savepoint). */
const PG_IN_FAILED_TRANSACTION = '25P02';

/**
 * Each line against what was bought and what earlier returns asked: no more than is left of it, and an
 * exchange only for a size the product is made in other than the one bought. Bad input is a 400; a
 * quantity that earlier returns already took is a 409.
 */
function settleLines(
  lines: readonly LineRequest[],
  bought: readonly queries.BoughtLine[],
  asked: ReadonlyMap<string, number>,
  sizes: readonly queries.ExchangeSize[],
): SettledLine[] {
  return lines.map((request) => {
    const line = bought.find((b) => b.id === request.itemId);
    if (!line) throw invalid(RETURN_MESSAGES.itemNotInOrder);
    const left = returnableOf(line, asked);
    if (request.quantity > left) {
      const message = RETURN_MESSAGES.tooMany(line.name, left);
      throw request.quantity > line.quantity ? invalid(message) : conflict(message);
    }
    if (!request.exchange) return { request, bought: line, exchange: null };
    const exchange = exchangeSizeOf(line, request.exchange, sizes);
    if (typeof exchange === 'string') throw invalid(exchange);
    // Nothing is charged or refunded with an exchange yet, so it must cost what was paid.
    if (exchange.priceCents !== line.unitPriceCents) {
      throw conflict(RETURN_MESSAGES.exchangePriceDiffers(line.name, choiceOf(exchange)));
    }
    return { request, bought: line, exchange };
  });
}

/**
 * Holds an exchange's size through the checkout's own holds, inside the request's transaction. The hold
 * runs in a savepoint: when the size is short its statement fails, and only the savepoint is undone, so
 * the request answers a clear 409 instead of a broken transaction. A checkout racing for the same last
 * piece meets the same check on the size's row: exactly one of them holds it.
 */
async function holdExchange(
  tx: Transaction,
  line: SettledLine & { exchange: queries.ExchangeSize },
  actorId: string,
  expiresAt: Date,
): Promise<string> {
  const { bought, exchange, request } = line;
  const short = () => conflict(RETURN_MESSAGES.exchangeOutOfStock(bought.name, choiceOf(exchange)));
  const [cartLine] = await resolveCartLines(tx, [
    {
      productId: exchange.productId,
      quantity: request.quantity,
      size: exchange.size,
      colour: exchange.colour,
      label: `"${bought.name}"`,
    },
  ]).catch(() => {
    throw invalid(RETURN_MESSAGES.exchangeUnknown);
  });
  if (!cartLine) throw invalid(RETURN_MESSAGES.exchangeUnknown);
  try {
    return await tx.transaction((savepoint) => reserveCart(savepoint, [cartLine], actorId, expiresAt));
  } catch (err) {
    if ((err instanceof AppError && err.kind === 'conflict') || pgErrorCode(err) === PG_IN_FAILED_TRANSACTION) {
      throw short();
    }
    throw err;
  }
}

async function lineRow(
  tx: Transaction,
  returnId: string,
  line: SettledLine,
  actorId: string,
  now: Date,
): Promise<queries.NewReturnLine> {
  const { request, exchange } = line;
  const row: queries.NewReturnLine = {
    returnId,
    orderItemId: line.bought.id,
    quantity: request.quantity,
    reason: request.reason,
    note: request.note,
    outcome: request.outcome,
  };
  if (!exchange) return row;
  // Held long enough for the parcel to come back and be inspected; an exchange never sent back frees it.
  const expiresAt = new Date(now.getTime() + EXCHANGE_HOLD_DAYS * DAY_MS);
  const holdId = await holdExchange(tx, { ...line, exchange }, actorId, expiresAt);
  return {
    ...row,
    exchangeVariantId: exchange.variantId,
    exchangeSize: exchange.size,
    exchangeColour: exchange.colourName,
    exchangeHoldId: holdId,
  };
}

/**
 * The customer asks to return lines of their own order: within the return window of its first shipment,
 * never a cancelled or fully refunded one, and never more of a line than is left of it. The order's row is
 * locked first, so requests at once for the same line count one after the other. The return, its lines,
 * the exchanges' holds and the authorisation mail commit together. Answers the new return's id and the
 * products whose stock an exchange held.
 */
export async function requestReturn(
  ctx: ServiceContext,
  body: ReturnRequestBody,
): Promise<{ answer: Return; heldProducts: string[] }> {
  const customer = ctx.actor;
  if (!customer) throw unauthorised();
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const order = await queries.lockOrder(tx, body.orderId);
    // Another customer's order is answered as if it did not exist.
    if (!order || order.userId !== customer.id) throw notFound(ORDER_MESSAGES.notFound);
    const why = whyNotReturnable(order, ctx.config.returns.windowDays, now);
    if (why) throw conflict(why);
    const bought = await queries.linesOfOrder(tx, order.id);
    const asked = await queries.askedByLine(tx, order.id);
    const exchanged = bought.filter((b) => body.lines.some((l) => l.itemId === b.id && l.exchange));
    const sizes = await queries.sizesOfProducts(
      tx,
      exchanged.flatMap((b) => (b.productId ? [b.productId] : [])),
    );
    const settled = settleLines(body.lines, bought, asked, sizes);
    const made = await queries.insertReturn(tx, { orderId: order.id, userId: customer.id, email: order.email });
    const { id } = made;
    // A checkout's hold lets its commit skip waiting for the disk; a return is kept as durably as any write.
    const durability = settled.some((l) => l.exchange) ? await queries.commitDurability(tx) : null;
    const rows: queries.NewReturnLine[] = [];
    for (const line of settled) rows.push(await lineRow(tx, id, line, customer.id, now));
    if (durability) await queries.restoreCommitDurability(tx, durability);
    const written = await queries.insertReturnLines(tx, rows);
    await enqueueMail(ctx.jobs, tx, mailEventKey('return-authorised', id));
    // Answered from what was written and what the order line says of itself, with no read after commit.
    const lines = written.flatMap((row) => {
      const line = settled.find((l) => l.bought.id === row.orderItemId)?.bought;
      return line ? [{ ...row, ...pick(line) }] : [];
    });
    return {
      answer: toReturnDto({ ...made, orderNumber: order.orderNumber }, lines),
      heldProducts: settled.flatMap((l) => (l.exchange ? [l.exchange.productId] : [])),
    };
  });
}
