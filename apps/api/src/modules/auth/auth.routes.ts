import { messageResponseSchema } from '@shop/contract/common';
import { loginAnswerSchema, loginTwoFactorRequestSchema, TWO_FACTOR_MESSAGES } from '@shop/contract/two-factor';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  PASSWORD_RESET_MESSAGES,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
} from '@shop/contract/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, SESSION_COOKIE } from '../../platform/auth-guard';
import { contextOf } from '../../platform/context';
import { enforceRateLimit, rateLimitKey } from '../../platform/rate-limit';
import { toUserDto } from '../users/users.dto';
import { login, register } from './auth.service';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, deviceCookieValue, deviceUserId } from './known-device';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { closeSession } from './sessions.service';
import { twoFactorRoutes } from './two-factor.routes';
import { finishTwoFactorLogin } from './two-factor-login';

/** Every login and register attempt from one address counts, malformed ones included. */
async function limitAttemptsPerIp(request: FastifyRequest): Promise<void> {
  const { rateLimiter, config } = request.server.deps;
  await enforceRateLimit(
    rateLimiter,
    rateLimitKey('auth-ip', request.ip),
    { limit: config.rateLimits.authAttemptsPerIpPerMinute, windowSeconds: 60 },
    'login and registration attempts',
  );
}

function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server.deps.config.publicUrl.startsWith('https:'),
    path: '/',
  };
}

/** The session's cookie, and the known-device cookie that spares this browser the login waits (007). */
function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, userId: string): void {
  const maxAge = request.server.deps.config.sessionTtlDays * 24 * 60 * 60;
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge });
  reply.setCookie(DEVICE_COOKIE, deviceCookieValue(request.server.deps.knownDeviceSecret, userId), {
    ...cookieOptions(request),
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

/** Opening and closing a session: a new account, the login (with its second factor) and the logout. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      config: { auth: 'public' },
      onRequest: limitAttemptsPerIp,
      schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: registerResponseSchema } },
    },
    async (request, reply) => {
      const user = await register(contextOf(request), request.body);
      return reply.status(201).send({ message: 'Account created. Please log in.', user });
    },
  );

  app.post(
    '/login',
    {
      config: { auth: 'public' },
      onRequest: limitAttemptsPerIp,
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginAnswerSchema } },
    },
    async (request, reply) => {
      const result = await login(contextOf(request), app.deps.rateLimiter, request.body, {
        ip: request.ip,
        knownDeviceUserId: deviceUserId(app.deps.knownDeviceSecret, request.cookies[DEVICE_COOKIE]),
      });
      // A second factor: no cookie yet, only the challenge its code answers.
      if (result.twoFactorRequired) {
        return {
          message: TWO_FACTOR_MESSAGES.codeNeeded,
          twoFactorRequired: true as const,
          challenge: result.challenge,
        };
      }
      setSessionCookies(request, reply, result.token, result.user._id);
      return { message: 'Logged in successfully', token: result.token, user: result.user };
    },
  );

  app.post(
    '/login/two-factor',
    {
      config: { auth: 'public' },
      onRequest: limitAttemptsPerIp,
      schema: { tags: ['auth'], body: loginTwoFactorRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { token, user } = await finishTwoFactorLogin(contextOf(request), app.deps.rateLimiter, request.body);
      setSessionCookies(request, reply, token, user._id);
      return { message: 'Logged in successfully', token, user };
    },
  );

  app.post(
    '/logout',
    { config: { auth: 'public' }, schema: { tags: ['auth'], response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      if (request.sessionToken) await closeSession(app.deps.db, request.sessionToken);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      return { message: 'Logged out successfully' };
    },
  );
};

/** A forgotten password: the mail with its link, and the new password the link lets the shopper set. */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/forgot-password',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await requestPasswordReset(contextOf(request), app.deps.rateLimiter, request.body, request.ip);
      return { message: PASSWORD_RESET_MESSAGES.requested };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { auth: 'public' },
      onRequest: limitAttemptsPerIp,
      schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      await resetPassword(contextOf(request), request.body);
      // Whatever session this browser had ended with the others.
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      return { message: PASSWORD_RESET_MESSAGES.done };
    },
  );
};

/** The auth routes, by group; each route declares its own auth level. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(passwordResetRoutes);
  await app.register(twoFactorRoutes);

  app.get(
    '/me',
    { config: { auth: 'customer' }, schema: { tags: ['auth'], response: { 200: meResponseSchema } } },
    async (request) => ({ user: toUserDto(requireUser(request)) }),
  );
};
