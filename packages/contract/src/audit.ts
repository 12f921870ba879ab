import { z } from 'zod';

/**
 * What a staff action can be, as the audit log records it. A module that adds a staff action adds
 * its kind here (and its label below) and records it with the API's `recordAudit`.
 */
export const AUDIT_KINDS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'user.role_changed',
  'user.deleted',
  'order.status_changed',
  'order.refunded',
  'order.cancelled',
  'order.deleted',
  'discount_code.created',
  'discount_code.updated',
  'two_factor.enabled',
  'two_factor.disabled',
  'catalogue.imported',
  'return.received',
  'return.refunded',
  'return.exchanged',
  'return.rejected',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'product.created': 'Product created',
  'product.updated': 'Product edited',
  'product.deleted': 'Product deleted',
  'user.role_changed': 'Role changed',
  'user.deleted': 'User deleted',
  'order.status_changed': 'Order status changed',
  'order.refunded': 'Order refunded',
  'order.cancelled': 'Order cancelled',
  'order.deleted': 'Order deleted',
  'discount_code.created': 'Discount code created',
  'discount_code.updated': 'Discount code edited',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'catalogue.imported': 'Catalogue imported',
  'return.received': 'Return received',
  'return.refunded': 'Returned line refunded',
  'return.exchanged': 'Exchange shipped',
  'return.rejected': 'Returned line rejected',
};

/** What an action was done to. */
export const AUDIT_TARGET_TYPES = ['product', 'user', 'order', 'discount_code', 'return'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A JSON value as the log keeps it (a field's value before or after an edit). */
export type AuditValue = string | number | boolean | null;

/**
 * More about an action: for an edit, each field that changed with its value before and after (money
 * fields end in `Cents`); other facts (a refund's amount, the order's new status) as plain values.
 */
export interface AuditDetails {
  changes?: Record<string, { before: AuditValue; after: AuditValue }>;
  [fact: string]: unknown;
}

const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  kind: z.enum(AUDIT_KINDS),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().nullable(), label: z.string() }),
  details: z
    .object({
      changes: z.record(z.string(), z.object({ before: auditValueSchema, after: auditValueSchema })).optional(),
    })
    .catchall(z.unknown()),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

const optionalText = z
  .string()
  .trim()
  .max(254)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Filters of the admin's audit page; `before` is the id of the last entry of the page already shown. */
export const auditListQuerySchema = z
  .object({
    actor: optionalText.meta({ description: "The e-mail of who acted, as it was then (case doesn't matter)" }),
    kind: z.enum(AUDIT_KINDS, { message: 'Unknown kind of action' }).optional(),
    from: z.iso.datetime({ offset: true, message: 'from must be a date and time' }).optional(),
    to: z.iso.datetime({ offset: true, message: 'to must be a date and time' }).optional(),
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'before must be the id of an entry')
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), {
    message: 'The start of the range must not be after its end',
    path: ['from'],
  });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const emptyIsNone = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/**
 * The audit page's filter form: dates as a date input gives them (the browser turns them into its own
 * day's start and end for the query), empty fields meaning no filter.
 */
export const auditFilterFormSchema = z
  .object({
    actor: z
      .string()
      .optional()
      .transform(emptyIsNone)
      .pipe(z.email({ message: 'Enter an e-mail address' }).max(254).optional()),
    kind: z
      .string()
      .optional()
      .transform(emptyIsNone)
      .pipe(z.enum(AUDIT_KINDS, { message: 'Choose a kind of action' }).optional()),
    from: z.string().optional().transform(emptyIsNone).pipe(z.string().regex(DATE_TEXT, 'Enter a date').optional()),
    to: z.string().optional().transform(emptyIsNone).pipe(z.string().regex(DATE_TEXT, 'Enter a date').optional()),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'The end date must not be before the start date',
    path: ['to'],
  });
export type AuditFilterForm = z.output<typeof auditFilterFormSchema>;
