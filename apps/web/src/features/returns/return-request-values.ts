import {
  type OrderReturnsResponse,
  type ReturnRequest,
  returnLineRequestSchema,
  returnRequestSchema,
} from '@shop/contract/returns';
import { z } from 'zod';

export type ReturnableLine = OrderReturnsResponse['lines'][number];
export type ExchangeChoice = ReturnableLine['exchangeChoices'][number];

/** One line of the form as the shopper fills it: ticked or not, then the request's fields as typed. */
const lineValuesSchema = z.object({
  selected: z.boolean(),
  itemId: z.string(),
  quantity: z.string(),
  reason: z.string(),
  note: z.string(),
  outcome: z.string(),
  /** The exchange chosen, as `exchangeKey` names it; empty until one is. */
  exchange: z.string(),
});
export type ReturnLineValues = z.infer<typeof lineValuesSchema>;

/** An exchange choice as one option of a select: its colour and its size. */
export const exchangeKey = (choice: Pick<ExchangeChoice, 'colour' | 'size'>) => `${choice.colour}|${choice.size}`;

/** Each line the order still has something to return of, none ticked yet. */
export function returnFormDefaults(lines: readonly ReturnableLine[]): { lines: ReturnLineValues[] } {
  return {
    lines: lines
      .filter((line) => line.returnable > 0)
      .map((line) => ({
        selected: false,
        itemId: line.itemId,
        quantity: '1',
        reason: '',
        note: '',
        outcome: 'refund',
        exchange: '',
      })),
  };
}

/**
 * The form's schema: the ticked lines, each checked by the contract's own line schema (so the form says
 * what the server would), its errors placed on the line's fields; then the whole request by the contract.
 */
export function returnFormSchema(orderId: string, returnable: readonly ReturnableLine[]) {
  return z.object({ lines: z.array(lineValuesSchema) }).transform((values, ctx): ReturnRequest => {
    const lines: ReturnRequest['lines'] = [];
    values.lines.forEach((line, index) => {
      if (!line.selected) return;
      const choices = returnable.find((r) => r.itemId === line.itemId)?.exchangeChoices ?? [];
      const choice = choices.find((c) => exchangeKey(c) === line.exchange);
      const parsed = returnLineRequestSchema.safeParse({
        itemId: line.itemId,
        quantity: Number(line.quantity),
        reason: line.reason,
        note: line.note,
        outcome: line.outcome,
        exchange: line.outcome === 'exchange' && choice ? { colour: choice.colour, size: choice.size } : undefined,
      });
      if (parsed.success) lines.push(parsed.data);
      else {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'reason');
          const message =
            field === 'exchange' && line.outcome === 'exchange' ? 'Choose the size you want instead' : issue.message;
          ctx.addIssue({ code: 'custom', message, path: ['lines', index, field] });
        }
      }
    });
    const request = returnRequestSchema.safeParse({ orderId, lines });
    if (!request.success) {
      if (lines.length === 0 && !values.lines.some((l) => l.selected))
        ctx.addIssue({ code: 'custom', message: 'Choose at least one item to return', path: ['selection'] });
      else if (lines.length > 0)
        for (const issue of request.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['selection'] });
      return z.NEVER;
    }
    return { orderId, lines };
  });
}
