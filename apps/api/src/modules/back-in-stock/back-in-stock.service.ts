import { createHash, randomBytes } from 'node:crypto';
import {
  BACK_IN_STOCK_MESSAGES,
  type BackInStockRequest,
  type BackInStockResponse,
} from '@shop/contract/back-in-stock';
import type { ServiceContext } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { enqueueMail, mailEventKey } from '../../platform/mail-jobs';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import { backInStockSealer } from '../mail/back-in-stock-mails';
import {
  confirmRequest,
  findByTokenHash,
  findSize,
  insertRequest,
  noteRestock,
  openRequestOf,
  type SizeRow,
  unsubscribeRequest,
} from './back-in-stock.queries';

/** A link's token: 256 random bits; the shop keeps only its SHA-256. */
export const newToken = () => randomBytes(32).toString('hex');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const waiting = (): BackInStockResponse => ({ status: 'waiting', message: BACK_IN_STOCK_MESSAGES.waiting });
const unconfirmed = (): BackInStockResponse => ({ status: 'unconfirmed', message: BACK_IN_STOCK_MESSAGES.checkInbox });

/** Sign-ups are limited per address and per e-mail, so the form cannot be used to flood an inbox. */
async function limitSignUps(ctx: ServiceContext, limiter: RateLimiter, email: string): Promise<void> {
  const hour = { windowSeconds: 3600 };
  const { backInStockPerIpPerHour, backInStockPerEmailPerHour } = ctx.config.rateLimits;
  await enforceRateLimit(
    limiter,
    rateLimitKey('back-in-stock-ip', ctx.ip),
    { ...hour, limit: backInStockPerIpPerHour },
    'requests to hear about sold-out sizes',
  );
  await enforceRateLimit(
    limiter,
    rateLimitKey('back-in-stock-email', email),
    { ...hour, limit: backInStockPerEmailPerHour },
    'requests to hear about sold-out sizes for this address',
  );
}

/** The size asked about, which must exist and be sold out: one in stock can be bought now. */
async function soldOutSize(ctx: ServiceContext, input: BackInStockRequest): Promise<SizeRow> {
  const size = await findSize(ctx.db, input.productId, input.colour, input.size);
  if (!size) throw notFound(BACK_IN_STOCK_MESSAGES.noSuchSize);
  if (size.available > 0) throw new AppError('conflict', BACK_IN_STOCK_MESSAGES.inStock);
  return size;
}

/**
 * A shopper asks to hear when a sold-out size is back. A customer's request waits at once, under the
 * account's e-mail; a guest's waits once the mailed link confirms the e-mail (double opt-in), and its
 * confirmation mail is queued with the request. Asking again answers the request already open, and
 * mails nothing more.
 */
export async function askBackInStock(
  ctx: ServiceContext,
  limiter: RateLimiter,
  input: BackInStockRequest,
): Promise<BackInStockResponse> {
  const customer = ctx.actor;
  const email = customer?.email ?? input.email;
  if (!email) throw invalid(BACK_IN_STOCK_MESSAGES.emailNeeded);
  await limitSignUps(ctx, limiter, email);
  const size = await soldOutSize(ctx, input);
  const seal = await backInStockSealer(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const token = newToken();
    const row = await insertRequest(tx, {
      variantId: size.variantId,
      userId: customer?.id ?? null,
      email,
      tokenHash: hashToken(token),
      status: customer ? 'waiting' : 'unconfirmed',
      confirmedAt: customer ? new Date() : null,
    });
    if (!row) {
      const open = await openRequestOf(tx, size.variantId, email);
      if (open?.status === 'waiting') return waiting();
      // The account's own e-mail needs no confirming: a guest's request for it starts waiting.
      if (open && customer) {
        await confirmRequest(tx, open.id, customer.id);
        return waiting();
      }
      return unconfirmed();
    }
    if (customer) return waiting();
    const data = { email, token, productId: size.productId, productName: size.productName, size: size.size };
    const sealed = seal({ ...data, colour: size.colour, colourName: size.colourName });
    await enqueueMail(ctx.jobs, tx, mailEventKey('back-in-stock-confirm', row.id), sealed);
    return unconfirmed();
  });
}

/**
 * A guest confirms from the mailed link: the request starts waiting. A size back in stock already is
 * noted as back, so the guest hears of it now rather than at its next return. Confirming twice is
 * still confirmed; a changed, unknown or ended link is a 404 that says nothing more.
 */
export async function confirmBackInStock(ctx: ServiceContext, token: string): Promise<string> {
  const row = await findByTokenHash(ctx.db, hashToken(token));
  if (!row || row.status === 'unsubscribed' || row.status === 'notified') {
    throw notFound(BACK_IN_STOCK_MESSAGES.linkNotValid);
  }
  await ctx.db.transaction(async (tx) => {
    if (await confirmRequest(tx, row.id)) await noteRestock(tx, row.variantId);
  });
  return BACK_IN_STOCK_MESSAGES.confirmed;
}

/**
 * The link in either mail ends the request without logging in: its e-mail is deleted at once. A request
 * already answered sends nothing more either, so it says the same.
 */
export async function unsubscribeBackInStock(ctx: ServiceContext, token: string): Promise<string> {
  const row = await findByTokenHash(ctx.db, hashToken(token));
  if (!row) throw notFound(BACK_IN_STOCK_MESSAGES.linkNotValid);
  await unsubscribeRequest(ctx.db, row.id);
  return BACK_IN_STOCK_MESSAGES.unsubscribed;
}
