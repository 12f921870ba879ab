/** @jsxRuntime automatic @jsxImportSource react */
import {
  BACK_IN_STOCK_CONFIRM_DAYS,
  BACK_IN_STOCK_CONFIRM_PATH,
  BACK_IN_STOCK_UNSUBSCRIBE_PATH,
} from '@shop/contract/back-in-stock';
import { SHOP_NAME } from '@shop/contract/constants';
import { ONE_SIZE } from '@shop/contract/inventory';
import type { ReactElement } from 'react';
import type { Queryable } from '../../db/client';
import { mailSealKey, sealForMail, unsealFromMail } from './mail-seal';
import { BackInStockConfirmMail } from './templates/back-in-stock-confirm-mail';
import { BackInStockMail } from './templates/back-in-stock-mail';

/**
 * What a back-in-stock mail says and where it goes, carried sealed in its job: the request's row keeps
 * neither the raw token of its links (only its SHA-256) nor, once the shopper is told, the e-mail. So the
 * mail needs no read of the database, and the job table never holds an address or a usable link in clear.
 */
export interface BackInStockMailData {
  email: string;
  token: string;
  productId: string;
  productName: string;
  colour: string;
  colourName: string;
  size: string;
}

/** Seals many with one read of the key: a restock tells its waiting shoppers by the thousand. */
export async function backInStockSealer(db: Queryable): Promise<(data: BackInStockMailData) => string> {
  const key = await mailSealKey(db);
  return (data) => sealForMail(key, JSON.stringify(data));
}

interface ComposeInput {
  db: Queryable;
  publicUrl: string;
  sealed: string | undefined;
}

/** A mail to write (mail-compose.tsx renders it), or why there is none. */
export type BackInStockMailElement = { to: string; subject: string; element: ReactElement } | { nothing: string };

/** The mail key, read once per database: it is made once for the shop and never changes. */
const sealKeys = new WeakMap<Queryable, Promise<Buffer>>();

async function opened(ctx: ComposeInput): Promise<BackInStockMailData | { nothing: string }> {
  if (!ctx.sealed) return { nothing: 'the job carries nothing sealed' };
  try {
    const key = sealKeys.get(ctx.db) ?? mailSealKey(ctx.db);
    sealKeys.set(ctx.db, key);
    return JSON.parse(unsealFromMail(await key, ctx.sealed)) as BackInStockMailData;
  } catch {
    sealKeys.delete(ctx.db);
    return { nothing: 'the sealed part could not be opened' };
  }
}

/** "Linen shirt in Sand, size M"; a one-size product says no size. */
const whatOf = (data: BackInStockMailData) =>
  `${data.productName} in ${data.colourName}${data.size === ONE_SIZE ? '' : `, size ${data.size}`}`;

const linkWith = (ctx: ComposeInput, path: string, token: string) =>
  `${ctx.publicUrl}${path}?token=${encodeURIComponent(token)}`;

/** The product's page in the colour and size asked about. */
const productUrl = (ctx: ComposeInput, data: BackInStockMailData) =>
  `${ctx.publicUrl}/shop/${data.productId}?${new URLSearchParams({ colour: data.colour, size: data.size })}`;

export async function backInStockConfirm(ctx: ComposeInput): Promise<BackInStockMailElement> {
  const data = await opened(ctx);
  if ('nothing' in data) return data;
  return {
    to: data.email,
    subject: `Confirm to hear from ${SHOP_NAME} when it's back`,
    element: (
      <BackInStockConfirmMail
        publicUrl={ctx.publicUrl}
        what={whatOf(data)}
        confirmUrl={linkWith(ctx, BACK_IN_STOCK_CONFIRM_PATH, data.token)}
        unsubscribeUrl={linkWith(ctx, BACK_IN_STOCK_UNSUBSCRIBE_PATH, data.token)}
        validDays={BACK_IN_STOCK_CONFIRM_DAYS}
      />
    ),
  };
}

export async function backInStock(ctx: ComposeInput): Promise<BackInStockMailElement> {
  const data = await opened(ctx);
  if ('nothing' in data) return data;
  const what = whatOf(data);
  return {
    to: data.email,
    subject: `${what} is back at ${SHOP_NAME}`,
    element: (
      <BackInStockMail
        publicUrl={ctx.publicUrl}
        what={what}
        productUrl={productUrl(ctx, data)}
        unsubscribeUrl={linkWith(ctx, BACK_IN_STOCK_UNSUBSCRIBE_PATH, data.token)}
      />
    ),
  };
}
