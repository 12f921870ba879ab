import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { sharedSecret } from '../../platform/secrets';

/**
 * What a mail needs that the shop keeps nowhere else (a password reset's raw token: the database holds
 * only its hash) travels in the mail's job sealed with AES-256-GCM, under a key the shop makes once and
 * every instance reads from the database. The job table therefore never holds a usable token.
 */
const MAIL_SEAL_KEY = 'mail-seal-key';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The shop's mail key (32 bytes), made by whichever instance asks first. */
export function mailSealKey(db: Queryable): Promise<Buffer> {
  return sharedSecret(db, MAIL_SEAL_KEY);
}

/** Seals `text` for a mail job: base64url of IV, tag and ciphertext. Call it when enqueueing the mail. */
export function sealForMail(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens what `sealForMail` sealed; throws if it was sealed with another key or changed since. */
export function unsealFromMail(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('the sealed text is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
