import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import type { ShopEvents } from './shop-events';

/**
 * The shop's instances tell each other that the catalogue changed, through PostgreSQL's LISTEN/NOTIFY
 * on the shop's own database (docs/decisions/013): each listens on a connection of its own, drops its
 * catalogue cache (and the pages kept in it) when another says so, and says so itself, at most once per
 * short while, after its own changes. On the embedded database there is one instance and nothing to say.
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
  events.onCatalogueChanged((origin) => {
    if (origin === 'here') broadcast.changed();
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
  /** A change made here that the others have not been told of yet. */
  private owed = false;
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
  changed(): void {
    if (this.stopped) return;
    this.owed = true;
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
      // Its own notifications come back to it: its cache went when the change was made.
      if (message.channel === CATALOGUE_CHANNEL && message.payload !== this.instanceId) {
        this.events.catalogueChangedElsewhere();
      }
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
    if (this.owed) await this.send();
  }

  private async send(): Promise<void> {
    const client = this.client;
    // Not listening: told once the connection is back (listen sends what is owed).
    if (!this.owed || !client || !this.listening) return;
    this.owed = false;
    try {
      await client.query('select pg_notify($1, $2)', [CATALOGUE_CHANNEL, this.instanceId]);
    } catch (err) {
      // Never the writer's failure: its request has been answered. Told again once listening again.
      this.owed = true;
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
