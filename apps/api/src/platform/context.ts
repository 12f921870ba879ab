import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { AdminPower, SessionUser } from './auth-guard';
import type { AppConfig } from './config';
import type { JobQueue } from './job-queue';
import type { ShopEvents } from './shop-events';

/** What every service call receives first: where to read and write, and who is acting. */
export interface ServiceContext {
  db: Database;
  config: AppConfig;
  actor: SessionUser | null;
  /** Whether the actor may act on other accounts' data, as the auth guard decided; none when absent. */
  adminPower?: AdminPower;
  /** The client's address (the proxy's X-Forwarded-For with TRUST_PROXY), for the audit log. */
  ip: string;
  log: FastifyBaseLogger;
  events: ShopEvents;
  jobs: JobQueue;
}

export function contextOf(request: FastifyRequest): ServiceContext {
  const { db, config, events, jobs } = request.server.deps;
  return {
    db,
    config,
    actor: request.user,
    adminPower: request.adminPower,
    ip: request.ip,
    log: request.log,
    events,
    jobs,
  };
}
