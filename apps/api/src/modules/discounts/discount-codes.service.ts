import {
  DISCOUNT_MESSAGES,
  type DiscountCode,
  type DiscountCodeList,
  type DiscountCodeValues,
  describeDiscount,
} from '@shop/contract/discounts';
import type { Transaction } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import {
  type AppError,
  conflict,
  notFound,
  PG_CHECK_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgConstraint,
  pgErrorCode,
  unauthorised,
} from '../../platform/errors';
import { auditActorOf, changedFields, recordAudit } from '../audit/audit.service';
import { toDiscountCodeDto } from './discounts.dto';
import {
  countDiscountCodes,
  type DiscountCodeFields,
  type DiscountCodeRow,
  findDiscountCode,
  insertDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from './discounts.queries';

// The owner's codes: listing, making, editing and pausing them, each change in the audit log.

/** The admin's values as the row keeps them: a percentage code has no amount, a fixed one no percentage. */
function fieldsOf(values: DiscountCodeValues): DiscountCodeFields {
  return {
    code: values.code,
    kind: values.kind,
    percentOff: values.kind === 'percentage' ? values.percentOff : null,
    amountOffCents: values.kind === 'fixed' ? values.amountOffCents : null,
    minOrderCents: values.minOrderCents,
    category: values.category,
    startsAt: values.startsAt ? new Date(values.startsAt) : null,
    endsAt: values.endsAt ? new Date(values.endsAt) : null,
    maxUses: values.maxUses,
    maxUsesPerCustomer: values.maxUsesPerCustomer,
    paused: values.paused,
  };
}

/** A write refused by the table's own rules, in the admin's words. */
function refusedWrite(err: unknown, code: string, counted: number): AppError | undefined {
  const kind = pgErrorCode(err);
  if (kind === PG_UNIQUE_VIOLATION && pgConstraint(err) === 'discount_codes_code_key') {
    return conflict(DISCOUNT_MESSAGES.taken(code));
  }
  if (kind === PG_CHECK_VIOLATION && pgConstraint(err) === 'discount_codes_uses_range') {
    return conflict(DISCOUNT_MESSAGES.belowCounted(counted));
  }
  return undefined;
}

export async function listCodes(
  ctx: ServiceContext,
  query: { page: number; limit: number },
): Promise<DiscountCodeList> {
  const [rows, total] = await Promise.all([
    listDiscountCodes(ctx.db, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countDiscountCodes(ctx.db),
  ]);
  const now = new Date();
  return { codes: rows.map((row) => toDiscountCodeDto(row, now)), total };
}

export async function getCode(ctx: ServiceContext, id: string): Promise<DiscountCode> {
  const row = await findDiscountCode(ctx.db, id);
  if (!row) throw notFound(DISCOUNT_MESSAGES.notFound);
  return toDiscountCodeDto(row, new Date());
}

export async function createCode(ctx: ServiceContext, values: DiscountCodeValues): Promise<DiscountCode> {
  const actor = ctx.actor;
  if (!actor) throw unauthorised();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const made = await insertDiscountCode(tx, { ...fieldsOf(values), createdBy: actor.id });
      await onCodeWritten(tx, ctx, 'created', undefined, made);
      return made;
    });
    return toDiscountCodeDto(row, new Date());
  } catch (err) {
    throw refusedWrite(err, values.code, 0) ?? err;
  }
}

/** Changes a code, or only pauses or resumes it; the limits cannot go below what is counted and held. */
async function changeCode(ctx: ServiceContext, id: string, change: Partial<DiscountCodeFields>): Promise<DiscountCode> {
  if (!ctx.actor) throw unauthorised();
  let counted = 0;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const before = await findDiscountCode(tx, id, { lock: true });
      if (!before) throw notFound(DISCOUNT_MESSAGES.notFound);
      counted = before.uses + before.held;
      const after = await updateDiscountCode(tx, id, change, new Date());
      if (!after) throw notFound(DISCOUNT_MESSAGES.notFound);
      await onCodeWritten(tx, ctx, 'updated', before, after);
      return after;
    });
    return toDiscountCodeDto(row, new Date());
  } catch (err) {
    throw refusedWrite(err, change.code ?? '', counted) ?? err;
  }
}

export const editCode = (ctx: ServiceContext, id: string, values: DiscountCodeValues) =>
  changeCode(ctx, id, fieldsOf(values));

export const setCodePaused = (ctx: ServiceContext, id: string, paused: boolean) => changeCode(ctx, id, { paused });

/** The fields of a code the audit log compares (money in cents, as the log keeps it). */
const AUDITED_FIELDS = [
  'code',
  'kind',
  'percentOff',
  'amountOffCents',
  'minOrderCents',
  'category',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerCustomer',
  'paused',
] as const satisfies readonly (keyof DiscountCodeRow)[];

/**
 * The audit log's row for a code's creation or change, in its transaction: created with what it is,
 * edited (pausing included) with each field that changed, before and after. An edit that changed
 * nothing writes none.
 */
async function onCodeWritten(
  tx: Transaction,
  ctx: ServiceContext,
  what: 'created' | 'updated',
  before: DiscountCodeRow | undefined,
  after: DiscountCodeRow,
): Promise<void> {
  const target = { type: 'discount_code' as const, id: after.id, label: after.code };
  if (what === 'created' || !before) {
    await recordAudit(tx, auditActorOf(ctx), {
      kind: 'discount_code.created',
      target,
      details: { description: describeDiscount(after), minOrderCents: after.minOrderCents, paused: after.paused },
    });
    return;
  }
  const changes = changedFields(before, after, AUDITED_FIELDS);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(tx, auditActorOf(ctx), { kind: 'discount_code.updated', target, details: { changes } });
}
