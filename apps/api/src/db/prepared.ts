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
