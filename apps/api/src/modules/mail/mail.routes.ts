import { sentMailParamsSchema, sentMailSchema, sentMailsResponseSchema } from '@shop/contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors';
import { listDevMailbox, readDevMailbox } from './dev-mailbox';

/** The admin's Sent e-mails: what the dev mailbox holds. With SMTP_URL set mail leaves the shop and nothing is kept. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const devMailbox = () => !app.deps.config.mail.smtpUrl;

  app.get('/sent', { config: { auth: 'admin' }, schema: { response: { 200: sentMailsResponseSchema } } }, async () =>
    devMailbox()
      ? { devMailbox: true, mails: await listDevMailbox(app.deps.config.dataDir) }
      : { devMailbox: false, mails: [] },
  );

  app.get(
    '/sent/:id',
    { config: { auth: 'admin' }, schema: { params: sentMailParamsSchema, response: { 200: sentMailSchema } } },
    async (request) => {
      if (!devMailbox()) throw notFound('No such e-mail');
      return readDevMailbox(app.deps.config.dataDir, request.params.id);
    },
  );
};
