import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealForMail, unsealFromMail } from './mail-seal';

describe('sealing a reset token for its mail job', () => {
  const key = randomBytes(32);
  const token = randomBytes(32).toString('base64url');

  it('opens with the same key and never holds the token in the clear', () => {
    const sealed = sealForMail(key, token);
    expect(sealed).not.toContain(token);
    expect(sealForMail(key, token)).not.toBe(sealed);
    expect(unsealFromMail(key, sealed)).toBe(token);
  });

  it('refuses another key and a changed seal', () => {
    const sealed = sealForMail(key, token);
    expect(() => unsealFromMail(randomBytes(32), sealed)).toThrow();
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => unsealFromMail(key, raw.toString('base64url'))).toThrow();
    expect(() => unsealFromMail(key, 'short')).toThrow();
  });
});
