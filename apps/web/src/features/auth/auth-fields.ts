import { PASSWORD_MIN_LENGTH } from '@shop/contract/constants';

/** The account's e-mail, asked the same way by every account form so browsers offer the saved one. */
export const emailInput = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  required: true,
} as const;

/** A password being chosen: browsers offer to make one up, and the contract's minimum is checked first. */
export const newPasswordInput = {
  type: 'password',
  autoComplete: 'new-password',
  required: true,
  minLength: PASSWORD_MIN_LENGTH,
} as const;

export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;
