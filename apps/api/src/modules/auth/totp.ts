import { SHOP_NAME } from '@shop/contract/constants';
import { generateSecret, generateURI, verify } from 'otplib';
import { renderSVG } from 'uqr';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one still works (a phone's clock a little off). */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, accountEmail: string): string {
  return generateURI({ issuer: SHOP_NAME, label: accountEmail, secret });
}

/** The otpauth URI as a QR code, an SVG picture in a data: URL the browser shows as an image. */
export function qrCodeDataUrl(text: string): string {
  const svg = renderSVG(text, { ecc: 'M', border: 2, pixelSize: 6 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a code belongs to, or null when it is not a code of this secret now. Whether the step
 * was used already is the caller's atomic check (acceptTotpStep).
 */
export async function totpStepOf(secret: string, code: string, now = Date.now()): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  // The union of TOTP's and HOTP's answers: only TOTP's carries the step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
