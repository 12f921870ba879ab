import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import { ANY_CHANGE, type CatalogueChange, type ShopEvents } from './shop-events';

/**
 * The shop's instances tell each other that the catalogue changed, through PostgreSQL's LISTEN/NOTIFY
 * on the shop's own database (docs/decisions/013): each listens on a connection of its own, drops what
 * another says changed from its catalogue cache (and the pages kept in it), and says so itself, at most
 * once per short while, after its own changes: which products' stock moved, or that anything may have.
 * On the embedded database there is one instance and nothing to say.
 */

export const CATALOGUE_CHANNEL = 'shop_catalogue_changed';
/** How the listening connection shows in `pg_stat_activity` (an operator, or a test, can find it). */
export const LISTENER_APPLICATION_NAME = 'shop-catalogue-listener';

export interface BroadcastOptions {
  /** Changes within this long of the first are told in one notification, sent at its end. */
  coalesceMs?: number;
  /** The first wait before listening again after the connection dropped; doubled up to `reconnectMaxMs`. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** How often the idle listening connection is asked `select 1`, so a connection dead without a word is noticed. */
  heartbeatMs?: number;
}

const DEFAULTS: Required<BroadcastOptions> = {
  coalesceMs: 50,
  reconnectMinMs: 100,
  reconnectMaxMs: 5000,
  heartbeatMs: 15_000,
};

/** Connecting, a LISTEN, a NOTIFY or a heartbeat that takes longer than this counts as a lost connection. */
const QUERY_TIMEOUT_MS = 5000;

/**
 * Products named in one notification: their ids stay well inside PostgreSQL's 8,000 bytes of payload;
 * more are told in several.
 */
const PRODUCTS_PER_NOTIFICATION = 150;

/** A notification: who sends it, and the products whose stock moved (none named: anything may have changed). */
interface Notice {
  from: string;
  stock?: string[];
}

/** The notifications that tell `change`. */
export function noticesOf(from: string, change: CatalogueChange): string[] {
  if (change.kind === 'any') return [JSON.stringify({ from } satisfies Notice)];
  const notices: string[] = [];
  for (let at = 0; at < change.productIds.length; at += PRODUCTS_PER_NOTIFICATION) {
    const stock = change.productIds.slice(at, at + PRODUCTS_PER_NOTIFICATION);
    notices.push(JSON.stringify({ from, stock } satisfies Notice));
  }
  return notices;
}

/**
 * What a notification says changed, or undefined for this instance's own. Any other payload (an instance
 * of an older version says only who it is) means anything may have changed.
 */
export function changeOfNotice(payload: string, self: string): CatalogueChange | undefined {
  if (payload === self) return undefined;
  let notice: unknown;
  try {
    notice = JSON.parse(payload);
  } catch {
    return ANY_CHANGE;
  }
  if (typeof notice !== 'object' || notice === null) return ANY_CHANGE;
  const { from, stock } = notice as Partial<Notice>;
  if (from === self) return undefined;
  const named = Array.isArray(stock) && stock.every((id) => typeof id === 'string');
  return named ? { kind: 'stock', productIds: stock } : ANY_CHANGE;
}

export interface ShopEventsBroadcast {
  /** Sends what is still to be told, then stops listening. */
  stop(): Promise<void>;
}

/** Starts listening (on PostgreSQL) before it answers; a first connection that fails is tried again in the background. */
export async function startShopEventsBroadcast(
  database: DatabaseHandle,
  events: ShopEvents,
  log: FastifyBaseLogger,
  options: BroadcastOptions = {},
): Promise<ShopEventsBroadcast> {
  if (database.kind !== 'postgres' || !database.url) return { stop: async () => {} };
  const broadcast = new CatalogueBroadcast(database.url, events, log, { ...DEFAULTS, ...options });
  events.onCatalogueChanged((origin, change) => {
    if (origin === 'here') broadcast.changed(change);
  });
  await broadcast.listen();
  return broadcast;
}

class CatalogueBroadcast implements ShopEventsBroadcast {
  /** Said in every notification, so the instance knows its own when they come back to it. */
  private readonly instanceId = randomUUID();
  /** The connection being opened or listening; undefined while waiting to reconnect. */
  private client: pg.Client | undefined;
  private listening = false;
  /** Changes made here that the others have not been told of yet: anything, or the stock of these products. */
  private owedAny = false;
  private readonly owedStock = new Set<string>();
  private failures = 0;
  private stopped = false;
  private sendTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly events: ShopEvents,
    private readonly log: FastifyBaseLogger,
    private readonly options: Required<BroadcastOptions>,
  ) {}

  /** A change was made here: told to the others at the end of a short while, with any that follow it. */
  changed(change: CatalogueChange): void {
    if (this.stopped) return;
    if (change.kind === 'any') this.owedAny = true;
    else for (const id of change.productIds) this.owedStock.add(id);
    this.sendTimer ??= setTimeout(() => {
      this.sendTimer = undefined;
      void this.send();
    }, this.options.coalesceMs);
  }

  /** One attempt at opening the connection and listening; a failure schedules the next. */
  async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('the connection ended')));
    client.on('notification', (message) => {
      // Its own notifications come back to it: its cache dropped them when the change was made.
      if (message.channel !== CATALOGUE_CHANNEL) return;
      const change = changeOfNotice(message.payload ?? '', this.instanceId);
      if (change) this.events.catalogueChangedElsewhere(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (this.client !== client) return;
    this.listening = true;
    this.failures = 0;
    this.log.info('listening for catalogue changes made by other instances');
    // Whatever the others said while nobody here listened was missed: every copy is read again.
    this.events.catalogueChangesUnheard();
    this.heartbeat = setInterval(() => {
      client.query('select 1').catch((err: unknown) => this.lost(client, err));
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
    await this.send();
  }

  private async send(): Promise<void> {
    const client = this.client;
    // Not listening: told once the connection is back (listen sends what is owed).
    if (!client || !this.listening || (!this.owedAny && this.owedStock.size === 0)) return;
    // Anything changed says all a list of products would.
    const change: CatalogueChange = this.owedAny ? ANY_CHANGE : { kind: 'stock', productIds: [...this.owedStock] };
    this.owedAny = false;
    this.owedStock.clear();
    try {
      for (const notice of noticesOf(this.instanceId, change)) {
        await client.query('select pg_notify($1, $2)', [CATALOGUE_CHANNEL, notice]);
      }
    } catch (err) {
      // Never the writer's failure: its request has been answered. Told again once listening again, as
      // anything, since some of it may have been told and the rest not.
      this.owedAny = true;
      this.lost(client, err);
    }
  }

  /** The connection failed or ended: notifications may have been missed, so nothing kept is sent unchecked. */
  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client || this.stopped) return;
    const wasListening = this.listening;
    this.client = undefined;
    this.listening = false;
    clearInterval(this.heartbeat);
    client.end().catch(() => {});
    // Not dropped outright: a lost connection most often means the database went away, and then the
    // copies are what the shop can still show (marked stale).
    this.events.catalogueChangesUnheard();
    const waitMs = Math.min(this.options.reconnectMaxMs, this.options.reconnectMinMs * 2 ** this.failures);
    this.failures += 1;
    this.log.warn(
      { err, attempt: this.failures, retryInMs: waitMs },
      wasListening
        ? 'the connection listening for catalogue changes was lost; the catalogue cache is read again'
        : 'could not listen for catalogue changes made by other instances; trying again',
    );
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen();
    }, waitMs);
  }

  async stop(): Promise<void> {
    clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
    await this.send();
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => {});
  }
}
