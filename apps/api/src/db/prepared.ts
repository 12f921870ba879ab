import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

/**
 * A statement built once per database and prepared by name: the shop's hottest queries skip building
 * their SQL on each call, and each PostgreSQL connection keeps its plan.
 */
export function preparedPerDatabase<Statement>(build: (db: Queryable) => Statement): (db: Queryable) => Statement {
  const statements = new WeakMap<Queryable, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * A named value for each key, for the `values` of an insert built once (`preparedPerDatabase`): each call
 * gives the values by the same keys, encoded as their columns are.
 */
export function placeholdersFor<const Key extends string>(keys: readonly Key[]): Record<Key, Placeholder<Key>> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<Key, Placeholder<Key>>;
}

const dialect = new PgDialect();

/** A named value of a `namedStatement`, given when it runs. */
export const param = (name: string) => sql.placeholder(name);

/** A named JSON value, given as `jsonText` makes it. */
export const jsonParam = (name: string) => sql`${param(name)}::jsonb`;

/**
 * A JSON value as a `jsonParam` takes it: an absent one stays SQL's null. Drizzle's own encoding of a
 * named value would store it as JSON's null.
 */
export const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Joined onto the select of a statement run with no transaction around it, that statement commits without
 * waiting for the log to reach the disk, and lets go of its rows sooner. Only for a hold nobody hears of
 * before a later commit of the same request (the checkout session's record, or the hold given back),
 * which waits for the log up to its own record and so past this one: a crash in between loses only what
 * nobody was told of. The setting is the transaction's own (`set_config`'s is_local), never the connection's.
 */
export const commitWithoutWaitingForDisk = sql`cross join (select set_config('synchronous_commit', 'off', true)) as later`;

/**
 * A raw statement (its values as `sql.placeholder`s) whose text is built once and prepared by name on
 * whichever connection runs it, a transaction's included: a checkout's stock statements are planned
 * once per connection instead of on every call (planning was a fifth to a third of their time in pgbench).
 */
export function namedStatement<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: Queryable, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    // Without selected fields both drivers answer the driver's own result, `{ rows }`.
    return (result as { rows: Row[] }).rows;
  };
}
