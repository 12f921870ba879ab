import { z } from 'zod';
import { timestampSchema } from './common';

/** Every mail the shop writes, one per event. */
export const MAIL_KINDS = [
  'order-confirmation',
  'order-shipped',
  'refund-issued',
  'password-reset',
  'email-confirmation',
  'back-in-stock-confirm',
  'back-in-stock',
  'return-authorised',
  'return-received',
  'return-refunded',
  'return-exchange-shipped',
  'return-rejected',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A mail in the dev mailbox (no SMTP_URL set): the admin's Sent e-mails page lists and shows them. */
export const sentMailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: timestampSchema,
});
export type SentMailSummary = z.infer<typeof sentMailSummarySchema>;
export const sentMailsResponseSchema = z.object({
  /** False when mail goes to an SMTP server: then nothing is kept here. */
  devMailbox: z.boolean(),
  mails: z.array(sentMailSummarySchema),
});
export type SentMailsResponse = z.infer<typeof sentMailsResponseSchema>;
export const sentMailSchema = sentMailSummarySchema.extend({ html: z.string(), text: z.string() });
export type SentMail = z.infer<typeof sentMailSchema>;
export const sentMailParamsSchema = z.object({ id: z.string().regex(/^[\w.-]{1,200}$/, 'Invalid mail id') });
