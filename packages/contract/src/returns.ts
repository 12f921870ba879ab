import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { MAX_CART_LINE_QUANTITY, MAX_CART_LINES, SHOP_ADDRESS_LINES, SHOP_NAME } from './constants';
import { sizeSchema } from './inventory';
import { colorSchema } from './products';

/** Days after an order is shipped (or completed, if it never was marked shipped) that a return may be asked. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;

/** Why a piece comes back, as the customer says it. */
export const RETURN_REASONS = ['too_small', 'too_large', 'not_as_pictured', 'faulty', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_large: 'Too large',
  not_as_pictured: 'Not as pictured',
  faulty: 'Faulty',
  changed_mind: 'Changed my mind',
  other: 'Other',
};
/** The reasons that speak about fit: they feed the product's fit summary and the insight's size returns. */
export const SIZE_RETURN_REASONS = ['too_small', 'too_large'] as const satisfies readonly ReturnReason[];
/** Only a faulty piece has its share of the shipping refunded: the shop sent something it should not have. */
export const SHIPPING_REFUNDED_FOR: ReturnReason = 'faulty';

/** What the customer wants instead: the money back, or the same product in another size or colour. */
export const RETURN_OUTCOMES = ['refund', 'exchange'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/**
 * A return as a whole: authorised (the parcel is on its way back), received by the shop, then done once
 * every line is decided.
 */
export const RETURN_STATUSES = ['requested', 'received', 'done'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return authorised: please send the parcel',
  received: 'Received: we are checking your items',
  done: 'Return complete',
};

/** One returned line after inspection: refunded, exchanged (the new piece shipped) or rejected. */
export const RETURN_LINE_STATUSES = ['pending', 'refunded', 'exchanged', 'rejected'] as const;
export type ReturnLineStatus = (typeof RETURN_LINE_STATUSES)[number];
export const RETURN_LINE_STATUS_LABELS: Record<ReturnLineStatus, string> = {
  pending: 'Waiting for inspection',
  refunded: 'Refunded',
  exchanged: 'Exchange shipped',
  rejected: 'Not accepted',
};

export const RETURN_NOTE_MAX = 500;
export const RETURN_REJECT_REASON_MAX = 300;

export const RETURN_MESSAGES = {
  notFound: 'Return not found',
  orderNotReturnable: 'This order cannot be returned.',
  windowClosed: 'The return window for this order has closed.',
  unpaid: 'An order that is not paid cannot be returned.',
  closed: 'A cancelled or fully refunded order cannot be returned.',
  tooMany: (name: string, left: number) =>
    left > 0 ? `Only ${left} of "${name}" can still be returned.` : `"${name}" has already been returned.`,
  noteNeeded: 'Please tell us why, in a few words.',
  exchangeSameChoice: 'Choose a different size or colour to exchange for.',
  exchangeUnknown: 'That size or colour is not sold for this product.',
  requested: 'Return requested. We have e-mailed you the return authorisation.',
  received: 'Return marked received.',
  alreadyReceived: 'This return has already been received.',
  notReceived: 'Mark the return received before inspecting it.',
  lineDecided: 'This line has already been decided.',
  refunded: 'Line accepted and refunded.',
  exchanged: 'Line accepted and the exchange shipped.',
  rejected: 'Line rejected.',
  rejectReasonNeeded: 'Say why the line is rejected.',
  itemNotInOrder: 'That item is not part of this order.',
  exchangeOutOfStock: (name: string, choice: string) =>
    `"${name}" in ${choice} has just sold out. Choose another size or colour, or a refund.`,
  exchangePriceDiffers: (name: string, choice: string) =>
    `"${name}" in ${choice} sells at another price than you paid. Choose another size or colour, or a refund.`,
} as const;

/** The number a return goes by, as the customer writes it on the parcel: "R" and six digits (R000042). */
export const returnNumberOf = (number: number): string => `R${String(number).padStart(6, '0')}`;

/** Where a customer sends a return's parcel. */
export const RETURN_ADDRESS_LINES = [`${SHOP_NAME} Returns`, ...SHOP_ADDRESS_LINES] as const;

/** How long an exchange's size is held for the customer: past it an unreturned exchange frees the size. */
export const EXCHANGE_HOLD_DAYS = 60;

const exchangeChoiceSchema = z.object({
  /** The colour wanted; the same colour as bought when left out. */
  colour: colorSchema.optional(),
  size: sizeSchema,
});

export const returnLineRequestSchema = z
  .object({
    itemId: idSchema,
    quantity: z
      .number({ message: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_CART_LINE_QUANTITY, `Quantity must be at most ${MAX_CART_LINE_QUANTITY}`),
    reason: z.enum(RETURN_REASONS, { message: 'Choose a reason' }),
    note: z.string().trim().max(RETURN_NOTE_MAX, `At most ${RETURN_NOTE_MAX} characters`).default(''),
    outcome: z.enum(RETURN_OUTCOMES, { message: 'Choose a refund or an exchange' }),
    /** Required for an exchange, refused for a refund. */
    exchange: exchangeChoiceSchema.optional(),
  })
  .refine((line) => line.reason !== 'other' || line.note.length > 0, {
    message: RETURN_MESSAGES.noteNeeded,
    path: ['note'],
  })
  .refine((line) => (line.outcome === 'exchange') === (line.exchange !== undefined), {
    message: 'An exchange needs the size wanted, and a refund none',
    path: ['exchange'],
  });
export type ReturnLineRequest = z.input<typeof returnLineRequestSchema>;

/** POST /api/returns: the customer's request, for lines of one of their orders. */
export const returnRequestSchema = z.object({
  orderId: idSchema,
  lines: z
    .array(returnLineRequestSchema)
    .min(1, 'Choose at least one item to return')
    .max(MAX_CART_LINES)
    .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, 'Each item may be listed once'),
});
export type ReturnRequest = z.input<typeof returnRequestSchema>;

export const returnLineSchema = z.object({
  _id: idSchema,
  /** The order line returned. */
  itemId: idSchema,
  productId: idSchema.nullable(),
  name: z.string(),
  image: z.string(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  outcome: z.enum(RETURN_OUTCOMES),
  /** For an exchange: the size and colour (its name) sent instead. */
  exchangeSize: z.string().nullable(),
  exchangeColour: z.string().nullable(),
  status: z.enum(RETURN_LINE_STATUSES),
  /** Dollars refunded for this line (for an exchange, a lower price's difference); null until decided. */
  refunded: z.number().nullable(),
  damaged: z.boolean(),
  rejectReason: z.string().nullable(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnSchema = z.object({
  _id: idSchema,
  /** The number the customer writes on the parcel. */
  number: z.string(),
  orderId: idSchema,
  /** The order's Transaction ID, as the shop shows it. */
  orderNumber: z.string(),
  email: z.string(),
  status: z.enum(RETURN_STATUSES),
  lines: z.array(returnLineSchema),
  createdAt: timestampSchema,
  receivedAt: timestampSchema.nullable(),
  updatedAt: timestampSchema,
});
export type Return = z.infer<typeof returnSchema>;

export const returnResponseSchema = z.object({ message: z.string(), return: returnSchema });
export type ReturnResponse = z.infer<typeof returnResponseSchema>;

/** A line of an order as far as returns go: what may still be asked, and what the exchange may choose. */
export const returnableLineSchema = z.object({
  itemId: idSchema,
  name: z.string(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  bought: z.number().int(),
  /** Bought less what earlier returns (not rejected) already asked for. */
  returnable: z.number().int(),
  /** Other sizes and colours of the product in stock now, to exchange for. */
  exchangeChoices: z.array(
    z.object({ colour: colorSchema, colourName: z.string(), size: z.string(), available: z.number().int() }),
  ),
});

/** GET /api/returns/order/:orderId: the order's returns, and whether (and until when) more may be asked. */
export const orderReturnsResponseSchema = z.object({
  returns: z.array(returnSchema),
  /** Null when no return may be asked now; `reason` then says why. */
  returnableUntil: timestampSchema.nullable(),
  reason: z.string().nullable(),
  lines: z.array(returnableLineSchema),
});
export type OrderReturnsResponse = z.infer<typeof orderReturnsResponseSchema>;

/** GET /api/returns: the owner's list, newest first. */
export const returnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  reason: z.enum(RETURN_REASONS).optional(),
  /** A return number, order number or e-mail, in part. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReturnsQuery = z.input<typeof returnsQuerySchema>;
export const returnsListResponseSchema = z.object({
  returns: z.array(returnSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ReturnsListResponse = z.infer<typeof returnsListResponseSchema>;

/** POST /api/returns/:id/lines/:lineId/inspect: the owner's decision on one received line. */
export const inspectReturnLineRequestSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('accept'),
    /** A damaged piece does not go back to stock. */
    damaged: z.boolean().default(false),
  }),
  z.object({
    decision: z.literal('reject'),
    reason: z
      .string({ message: RETURN_MESSAGES.rejectReasonNeeded })
      .trim()
      .min(1, RETURN_MESSAGES.rejectReasonNeeded)
      .max(RETURN_REJECT_REASON_MAX, `At most ${RETURN_REJECT_REASON_MAX} characters`),
  }),
]);
export type InspectReturnLineRequest = z.input<typeof inspectReturnLineRequestSchema>;

export const returnParamsSchema = z.object({ id: idSchema });
export const returnLineParamsSchema = z.object({ id: idSchema, lineId: idSchema });
export const orderReturnsParamsSchema = z.object({ orderId: idSchema });
