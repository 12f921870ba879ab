import { randomBytes } from 'node:crypto';
import { bracketed, type FakeReply, type FakeRequest, type FakeStripeState, failure, ok } from './state';
import type { FakeCoupon } from './types';

/** POST /v1/coupons: exactly one of an amount off (in a currency) and a percentage off. */
export function createCoupon(state: FakeStripeState, { form }: FakeRequest): FakeReply {
  const amountOff = form.get('amount_off');
  const percentOff = form.get('percent_off');
  if ((amountOff === null) === (percentOff === null) || (amountOff !== null && !form.get('currency'))) {
    return failure(400, {
      type: 'invalid_request_error',
      message: 'Coupons need exactly one of amount_off (with currency) and percent_off',
    });
  }
  const coupon: FakeCoupon = {
    id: `coupon_test_${randomBytes(6).toString('hex')}`,
    object: 'coupon',
    amount_off: amountOff === null ? null : Number(amountOff),
    percent_off: percentOff === null ? null : Number(percentOff),
    currency: form.get('currency'),
    duration: form.get('duration') ?? 'once',
    max_redemptions: form.has('max_redemptions') ? Number(form.get('max_redemptions')) : null,
    times_redeemed: 0,
    name: form.get('name'),
    redeem_by: form.has('redeem_by') ? Number(form.get('redeem_by')) : null,
    valid: true,
    metadata: bracketed(form, 'metadata'),
  };
  state.coupons.set(coupon.id, coupon);
  return ok(coupon);
}
