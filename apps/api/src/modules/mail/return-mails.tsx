/** @jsxRuntime automatic @jsxImportSource react */
import { SHOP_NAME } from '@shop/contract/constants';
import { describeChoice } from '@shop/contract/inventory';
import { toCents } from '@shop/contract/money';
import { RETURN_ADDRESS_LINES, type Return, type ReturnLine } from '@shop/contract/returns';
import type { ReactElement } from 'react';
import type { Queryable } from '../../db/client';
import { returnById, returnOfLine } from '../returns/return-reads.service';
import { findOrder } from './mail.queries';
import {
  ReturnAuthorisedMail,
  ReturnExchangeShippedMail,
  type ReturnMailLine,
  ReturnReceivedMail,
  ReturnRefundedMail,
  ReturnRejectedMail,
} from './templates/return-mail';

/** A mail to write, or why there is nothing to send. */
export type ReturnMailElement = { to: string; subject: string; element: ReactElement } | { nothing: string };

/** What a return's mail is written with: the database, the shop's address and the link to the order's page. */
export interface ReturnMailContext {
  db: Queryable;
  publicUrl: string;
  orderUrl: (order: { id: string; userId: string | null }) => Promise<string>;
}

const mailLineOf = (line: ReturnLine): ReturnMailLine => ({
  name: line.name,
  choice: describeChoice(line.colour, line.size),
  quantity: line.quantity,
  // A product of one colour names none on its lines, nor then on its exchange.
  exchangeFor:
    line.outcome === 'exchange'
      ? describeChoice(line.colour === null ? null : line.exchangeColour, line.exchangeSize).replace(
          /^Size /,
          'size ',
        ) || null
      : null,
});

/** The return's order page, where the customer follows the return: gone with the order, nothing is sent. */
async function orderUrlOf(ctx: ReturnMailContext, found: Return): Promise<string | undefined> {
  const order = await findOrder(ctx.db, found.orderId);
  return order ? ctx.orderUrl(order) : undefined;
}

/** The authorisation: the return's number, its lines and how to send the parcel. */
export async function returnAuthorised(ctx: ReturnMailContext, returnId: string): Promise<ReturnMailElement> {
  const found = await returnById(ctx.db, returnId);
  const orderUrl = found && (await orderUrlOf(ctx, found));
  if (!found || !orderUrl) return { nothing: 'the return no longer exists' };
  return {
    to: found.email,
    subject: `Your ${SHOP_NAME} return ${found.number} is authorised`,
    element: (
      <ReturnAuthorisedMail
        publicUrl={ctx.publicUrl}
        orderUrl={orderUrl}
        number={found.number}
        lines={found.lines.map(mailLineOf)}
        addressLines={RETURN_ADDRESS_LINES}
      />
    ),
  };
}

/** The parcel arrived: its lines are being checked. */
export async function returnReceived(ctx: ReturnMailContext, returnId: string): Promise<ReturnMailElement> {
  const found = await returnById(ctx.db, returnId);
  const orderUrl = found && (await orderUrlOf(ctx, found));
  if (!found || !orderUrl) return { nothing: 'the return no longer exists' };
  if (found.receivedAt === null) return { nothing: 'the return is not received' };
  return {
    to: found.email,
    subject: `We have received your ${SHOP_NAME} return ${found.number}`,
    element: (
      <ReturnReceivedMail
        publicUrl={ctx.publicUrl}
        orderUrl={orderUrl}
        number={found.number}
        lines={found.lines.map(mailLineOf)}
      />
    ),
  };
}

type LineDecision = 'refunded' | 'exchanged' | 'rejected';

/** A decided line's mail, keyed by the line: written only when the line was decided that way. */
function lineMail(
  decision: LineDecision,
  write: (
    found: Return,
    line: ReturnLine,
    links: { publicUrl: string; orderUrl: string },
  ) => { subject: string; element: ReactElement },
) {
  return async (ctx: ReturnMailContext, lineId: string): Promise<ReturnMailElement> => {
    const found = await returnOfLine(ctx.db, lineId);
    const line = found?.lines.find((l) => l._id === lineId);
    const orderUrl = found && (await orderUrlOf(ctx, found));
    if (!found || !line || !orderUrl) return { nothing: 'the returned line no longer exists' };
    if (line.status !== decision) return { nothing: `the returned line is ${line.status}, not ${decision}` };
    return { to: found.email, ...write(found, line, { publicUrl: ctx.publicUrl, orderUrl }) };
  };
}

export const returnRefunded = lineMail('refunded', (found, line, links) => ({
  subject: `Your ${SHOP_NAME} return ${found.number}: refunded`,
  element: (
    <ReturnRefundedMail
      publicUrl={links.publicUrl}
      orderUrl={links.orderUrl}
      number={found.number}
      line={mailLineOf(line)}
      amountCents={toCents(line.refunded ?? 0)}
    />
  ),
}));

export const returnExchangeShipped = lineMail('exchanged', (found, line, links) => ({
  subject: `Your ${SHOP_NAME} exchange is on its way`,
  element: (
    <ReturnExchangeShippedMail
      publicUrl={links.publicUrl}
      orderUrl={links.orderUrl}
      number={found.number}
      line={mailLineOf(line)}
    />
  ),
}));

export const returnRejected = lineMail('rejected', (found, line, links) => ({
  subject: `About your ${SHOP_NAME} return ${found.number}`,
  element: (
    <ReturnRejectedMail
      publicUrl={links.publicUrl}
      orderUrl={links.orderUrl}
      number={found.number}
      line={mailLineOf(line)}
      reason={line.rejectReason ?? ''}
    />
  ),
}));
