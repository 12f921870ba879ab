import { nextDealsEnd } from '@shop/contract/constants';
import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown';

describe('deals countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = new Date(2025, 1, 26, 22, 58, 30);
    expect(countdownParts(nextDealsEnd(now), now)).toEqual({ days: 2, hours: 1, minutes: 1, seconds: 29 });
  });

  it('counts to the 29th of February in a leap year', () => {
    const now = new Date(2028, 1, 28, 23, 59, 59);
    expect(countdownParts(nextDealsEnd(now), now)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
  });

  it('never goes below zero', () => {
    expect(countdownParts(new Date(0), new Date(1000))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
