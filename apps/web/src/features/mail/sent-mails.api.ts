import { apiPaths } from '@shop/contract/api-paths';
import type { SentMail, SentMailsResponse } from '@shop/contract/mail';
import { apiPath, injectEndpoints } from '../../lib/base-api';

/** The admin's Sent e-mails: what the dev mailbox holds (nothing when mail goes to an SMTP server). */
export const sentMailsApi = injectEndpoints((build) => ({
  getSentMails: build.query<SentMailsResponse, void>({
    query: () => apiPath(apiPaths.sentMails),
  }),
  getSentMail: build.query<SentMail, string>({
    query: (id) => apiPath(apiPaths.sentMail(id)),
  }),
}));

export const { useGetSentMailsQuery, useGetSentMailQuery } = sentMailsApi;
