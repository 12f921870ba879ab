import { BACK_IN_STOCK_CONFIRM_DAYS } from '@shop/contract/back-in-stock';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../platform/job-queue';
import { enqueueMails, mailEventKey } from '../../platform/mail-jobs';
import { backInStockSealer } from '../mail/back-in-stock-mails';
import { deleteUnconfirmedBefore, markNotified, sizeOfVariant, takeRestocks } from './back-in-stock.queries';

/*
 * How waiting shoppers are told. The database's trigger notes a size (back_in_stock_restocks) in the very
 * transaction that raised its available stock from none to some, whoever raised it; each instance looks
 * for notes every second and turns them into 'back-in-stock' jobs, deleting them in the same
 * transaction; a job tells that size's waiting shoppers in chunks.
 *
 * The rule that makes each shopper told exactly once, however many instances work the jobs: a chunk's
 * requests move from waiting to notified in one conditional UPDATE ... RETURNING, and their mail jobs
 * are written in that same transaction. A request is taken by one transaction only (SKIP LOCKED, and
 * `status = 'waiting'` no longer matches once taken), so its mail job exists exactly once, and the mail
 * job's key (`back-in-stock:<request id>`) makes it one mail however often the job runs. The update
 * clears the e-mail, so the job carries it, sealed with the shop's mail key, with the new unsubscribe
 * token: nothing the mail needs is lost, and nothing is kept in clear.
 */

export interface BackInStockDeps {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/** Shoppers told per transaction: one UPDATE and one insert of mail jobs each. */
const CHUNK = 1000;
/** Notes turned into jobs per look. */
const NOTES_PER_LOOK = 100;
/** How often each instance looks for sizes noted as back. */
export const RESTOCK_LOOK_MS = 1000;

/** Turns the sizes noted as back into their jobs, deleting the notes in the same transaction. */
export async function queueRestockedSizes(deps: Pick<BackInStockDeps, 'db' | 'jobs'>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const variantIds = await takeRestocks(tx, NOTES_PER_LOOK);
    await deps.jobs.sendMany(
      tx,
      'back-in-stock',
      variantIds.map((variantId) => ({ data: { variantId } })),
    );
    return variantIds.length;
  });
}

/**
 * Tells everyone waiting for the size, in the order they started waiting, if it is available now (if it
 * sold out again before the job ran, they wait for its next return). First in line is mailed first:
 * their jobs get a falling priority, below the shop's other mails, which shoppers wait on.
 */
export async function tellWaitingShoppers(deps: BackInStockDeps, variantId: string): Promise<number> {
  const size = await sizeOfVariant(deps.db, variantId);
  if (!size || size.available <= 0) return 0;
  const seal = await backInStockSealer(deps.db);
  let told = 0;
  for (;;) {
    const chunk = await deps.db.transaction(async (tx) => {
      const notified = await markNotified(tx, variantId, CHUNK);
      await enqueueMails(
        deps.jobs,
        tx,
        notified.map((request, i) => ({
          eventKey: mailEventKey('back-in-stock', request.id),
          sealed: seal({
            email: request.email,
            token: request.token,
            productId: size.productId,
            productName: size.productName,
            colour: size.colour,
            colourName: size.colourName,
            size: size.size,
          }),
          priority: -(told + i + 1),
        })),
      );
      return notified.length;
    });
    told += chunk;
    if (chunk < CHUNK) break;
  }
  if (told > 0) deps.log.info({ variantId, told }, 'shoppers told their size is back');
  return told;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the shop looks for guests' requests left unconfirmed. */
const SWEEP_INTERVAL_SECONDS = 60 * 60;

/**
 * A guest who never confirmed the mailed link asked for nothing the shop may keep: the request and its
 * e-mail are deleted once the link's days are over. `now` is when they are counted from (tests move it).
 */
export async function sweepUnconfirmed(deps: Pick<BackInStockDeps, 'db'>, now = new Date()): Promise<number> {
  return deleteUnconfirmedBefore(deps.db, new Date(now.getTime() - BACK_IN_STOCK_CONFIRM_DAYS * DAY_MS));
}

/** Puts this instance to work on the sizes that come back, and on the requests never confirmed. */
export async function startBackInStockWorker(deps: BackInStockDeps): Promise<void> {
  await deps.jobs.work('back-in-stock-sweep', async () => {
    const deleted = await sweepUnconfirmed(deps);
    if (deleted > 0) deps.log.info({ deleted }, 'unconfirmed back-in-stock requests deleted');
  });
  await deps.jobs.every('back-in-stock-sweep', SWEEP_INTERVAL_SECONDS);
  await deps.jobs.work('back-in-stock', async ({ variantId }) => {
    await tellWaitingShoppers(deps, variantId);
  });
  deps.jobs.repeat('back-in-stock notes', RESTOCK_LOOK_MS, async () => {
    await queueRestockedSizes(deps);
  });
}
