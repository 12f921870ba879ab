import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The mails the shop has sent, so a job run again does not send one twice.

/**
 * One row per mail the shop has handed to its sender, keyed by the event that caused it: a job that
 * runs again (a retry after a crash) finds its mail sent and does not send it twice.
 */
export const sentMails = pgTable('sent_mails', {
  eventKey: text('event_key').primaryKey(),
  kind: text('kind').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  messageId: text('message_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
