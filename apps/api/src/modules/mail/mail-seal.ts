import type { Queryable } from '../../db/client';
import { sealText, unsealText } from '../../platform/seal';
import { sharedSecret } from '../../platform/secrets';

/**
 * What a mail needs that the shop keeps nowhere else (a password reset's raw token: the database holds
 * only its hash) travels in the mail's job sealed (platform/seal.ts), under a key of its own that every
 * instance reads from the database. The job table therefore never holds a usable token.
 */
const MAIL_SEAL_KEY = 'mail-seal-key';

/** The shop's mail key (32 bytes), made by whichever instance asks first. */
export function mailSealKey(db: Queryable): Promise<Buffer> {
  return sharedSecret(db, MAIL_SEAL_KEY);
}

/** Seals `text` for a mail job. Call it when enqueueing the mail. */
export const sealForMail: (key: Buffer, text: string) => string = sealText;

/** Opens what `sealForMail` sealed; throws if it was sealed with another key or changed since. */
export const unsealFromMail: (key: Buffer, sealed: string) => string = unsealText;
