import type { Return } from '@shop/contract/returns';
import type { Queryable } from '../../db/client';
import { toReturnDtos } from './returns.dto';
import * as queries from './returns.queries';

/*
 * What the returns module lets other modules read of a return: the inspection answers with it and the
 * mails are written from it. Apart from returns.service, so the mail thread loads these reads alone.
 */

/**
 * Returns by id, in the order of `ids`, each with its lines; ids that do not exist are left out. The two
 * reads run one after the other: `db` may be a transaction, whose one connection runs one at a time.
 */
export async function returnsByIds(db: Queryable, ids: readonly string[]): Promise<Return[]> {
  const rows = await queries.returnsByIds(db, ids);
  return toReturnDtos(ids, rows, await queries.linesOfReturns(db, ids));
}

/** One return as the API answers it, or nothing when it does not exist. */
export async function returnById(db: Queryable, id: string): Promise<Return | undefined> {
  return (await returnsByIds(db, [id]))[0];
}

/** The return a returned line belongs to (its mails are keyed by the line), or nothing. */
export async function returnOfLine(db: Queryable, lineId: string): Promise<Return | undefined> {
  const returnId = await queries.returnIdOfLine(db, lineId);
  return returnId ? returnById(db, returnId) : undefined;
}
