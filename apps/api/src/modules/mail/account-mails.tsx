/** @jsxRuntime automatic @jsxImportSource react */
import { EMAIL_CONFIRMATION_HOURS, EMAIL_CONFIRMATION_PATH, SHOP_NAME } from '@shop/contract/constants';
import type { ReactElement } from 'react';
import type { Queryable } from '../../db/client';
import { findEmailConfirmationWithAccount } from './mail.queries';
import { mailSealKey, unsealFromMail } from './mail-seal';
import { EmailConfirmationMail } from './templates/email-confirmation-mail';

/** A mail to write, or why there is nothing to send. */
export type AccountMailElement = { to: string; subject: string; element: ReactElement } | { nothing: string };

/**
 * The link that confirms an account's e-mail, sent to the e-mail it was made for. A link used, expired,
 * or made before the account's e-mail changed sends nothing. The token travels sealed in the job, as a
 * password reset's does: the shop keeps only its hash.
 */
export async function emailConfirmation(
  ctx: { db: Queryable; publicUrl: string; sealed: string | undefined },
  tokenId: string,
): Promise<AccountMailElement> {
  const row = await findEmailConfirmationWithAccount(ctx.db, tokenId);
  if (!row) return { nothing: 'the confirmation link or its account no longer exists' };
  if (row.token.usedAt) return { nothing: 'the confirmation link was used' };
  if (row.token.expiresAt.getTime() <= Date.now()) return { nothing: 'the confirmation link expired' };
  if (row.token.email.toLowerCase() !== row.accountEmail.toLowerCase()) {
    return { nothing: 'the account has another e-mail now' };
  }
  if (!ctx.sealed) return { nothing: 'the job carries no sealed token' };
  let token: string;
  try {
    token = unsealFromMail(await mailSealKey(ctx.db), ctx.sealed);
  } catch {
    return { nothing: 'the sealed token could not be opened' };
  }
  const confirmUrl = `${ctx.publicUrl}${EMAIL_CONFIRMATION_PATH}?token=${encodeURIComponent(token)}`;
  return {
    to: row.token.email,
    subject: `Confirm your ${SHOP_NAME} e-mail`,
    element: (
      <EmailConfirmationMail publicUrl={ctx.publicUrl} confirmUrl={confirmUrl} validHours={EMAIL_CONFIRMATION_HOURS} />
    ),
  };
}
