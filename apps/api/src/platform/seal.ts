import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Sealing a secret the shop must read back (a mail's token in its job, an account's TOTP secret):
 * AES-256-GCM under a 32-byte key the shop makes once (`sharedSecret` in secrets.ts) and every
 * instance reads from the database. A sealed text is base64url of IV, tag and ciphertext; a change
 * to it, or another key, makes unsealing throw.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unsealText(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('the sealed text is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
