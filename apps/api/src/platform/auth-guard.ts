import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { users } from '../db/schema';
import { AppError, forbidden, isDatabaseUnavailable, unauthorised } from './errors';

/** The user a request acts as: the account's row without its password hash. */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

/** The cookie that carries a browser's session token (an app's requests send it as a bearer token instead). */
export const SESSION_COOKIE = 'shop_session';

/**
 * Who may call a route; declared once per route in `config.auth` and enforced here. `owner-or-admin`: any
 * signed-in user on their own data, and an admin on anyone's; the service says whose data it is and asks
 * `requireAdminPower`, which answers what this guard decided about the caller's admin power.
 */
export type AuthLevel = 'public' | 'customer' | 'owner-or-admin' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
    /** Whether this request may act on other accounts' data (see AdminPower). */
    adminPower: AdminPower;
  }
}

/**
 * The guard's verdict on the caller's power over other accounts' data: `granted` to an admin past the admin
 * gate on a route that declares `admin` or `owner-or-admin`, the gate's refusal to an admin it stops there,
 * and `null` to everyone else (on a `customer` route an admin is a customer like any other).
 */
export type AdminPower = 'granted' | AppError | null;

/**
 * Before a service touches another account's data: passes only a request with admin power; an admin the
 * gate refused gets its answer, anyone else `forbidden(message)`.
 */
export function requireAdminPower(power: AdminPower | undefined, message: string): void {
  if (power === 'granted') return;
  throw power ?? forbidden(message);
}

export interface RouteAuth {
  method: string;
  url: string;
  auth: AuthLevel;
}

export function sessionTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

/** The session's user, or a 401 for routes that need one. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorised();
  return request.user;
}

export interface AuthGuardOptions {
  /** The session's user for a token, or null when it names no open session (the auth module's sessions). */
  userOfSession: (token: string) => Promise<SessionUser | null>;
  routes: RouteAuth[];
  /**
   * ADMIN_REQUIRE_2FA: the user may call admin routes, and act on others' data as an admin, only once this
   * says nothing against it.
   */
  adminRefusal?: (user: SessionUser) => AppError | null;
}

export const authGuard = fp(async (app: FastifyInstance, opts: AuthGuardOptions) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('adminPower', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const auth = route.config?.auth;
    // A route that forgot to say who may call it must not start.
    if (!auth) throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.auth`);
    for (const method of [route.method].flat()) opts.routes.push({ method: String(method), url: route.url, auth });
  });

  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config.auth;
    const token = sessionTokenOf(request);
    if (token) {
      request.sessionToken = token;
      try {
        request.user = await opts.userOfSession(token);
      } catch (err) {
        // While the database is away a signed-in shopper still browses the cached catalogue, as a guest.
        if (level !== 'public' || !isDatabaseUnavailable(err)) throw err;
        request.log.warn('session not checked: the database is not answering');
      }
    }
    if (!level || level === 'public') {
      // A public route may still act for its caller (a guest's or a customer's payment): an admin's power
      // is worked out as on an owner-or-admin route, for the route to ask only if it needs it.
      if (request.user?.role === 'admin') request.adminPower = opts.adminRefusal?.(request.user) ?? 'granted';
      return;
    }
    if (!request.user) throw unauthorised();
    if (level === 'admin' && request.user.role !== 'admin') throw forbidden('Only an admin can do that');
    if (level === 'customer' || request.user.role !== 'admin') return;
    const refusal = opts.adminRefusal?.(request.user) ?? null;
    if (refusal && level === 'admin') throw refusal;
    // On an owner-or-admin route the admin still reaches their own data; the refusal waits for anyone else's.
    request.adminPower = refusal ?? 'granted';
  });
});

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
