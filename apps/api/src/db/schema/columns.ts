import { timestamp } from 'drizzle-orm/pg-core';

// The time columns most tables carry; kept out of the schema's index, which exports only tables and enums.
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
