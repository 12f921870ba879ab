import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedMailEventKey } from '../../platform/mail-jobs';
import { createUser } from '../../test/factories';
import {
  admin,
  mailJobs,
  mailJobsLike,
  placeOrder,
  startRefundsShop,
  stopRefundsShop,
  t,
} from '../../test/refunds-test-kit';

/** An order marked shipped: the carrier and tracking number it keeps, and the mail each one queues. */
beforeAll(startRefundsShop);
afterAll(stopRefundsShop);

describe('PATCH /api/orders/update-order-status/:id with shipped', () => {
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/update-order-status/${id}`, headers: admin.headers, payload });

  it('stores the carrier and tracking number and mails each tracking number once', async () => {
    const user = await createUser(t.db);
    const { order } = await placeOrder(user);
    const shippedJobs = () => mailJobsLike(`order-shipped:${order._id}%`);
    const tooLong = await patch(order._id, { status: 'shipped', carrier: 'UPS', trackingNumber: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/Tracking number must be at most 100 characters/);
    expect(await shippedJobs()).toBe(0);

    const ups = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const res = await patch(order._id, { status: 'shipped', ...ups });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'shipped', ...ups });
    expect(await mailJobs(shippedMailEventKey(order._id, ups))).toBe(1);
    await patch(order._id, { status: 'shipped', ...ups });
    expect(await shippedJobs()).toBe(1);

    // A corrected tracking number is stored and mailed: the customer must not follow the wrong parcel.
    const dhl = { carrier: 'DHL', trackingNumber: 'JD0002' };
    await patch(order._id, { status: 'shipped', ...dhl });
    await patch(order._id, { status: 'shipped', ...dhl });
    expect(await mailJobs(shippedMailEventKey(order._id, dhl))).toBe(1);
    await patch(order._id, { status: 'completed' });
    expect(await shippedJobs()).toBe(2);
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/order/${order._id}`, headers: user.headers });
    expect(mine.json()).toMatchObject({ status: 'completed', ...dhl });

    const closed = await patch(order._id, { status: 'refunded' });
    expect(closed.statusCode).toBe(400);
  });

  it('takes a bare status, as the original admin client sends it, and mails the tracking given later', async () => {
    const user = await createUser(t.db);
    const { order } = await placeOrder(user);
    const res = await patch(order._id, { status: 'shipped' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null });
    expect(await mailJobs(`order-shipped:${order._id}`)).toBe(1);
    await patch(order._id, { status: 'shipped' });
    expect(await mailJobsLike(`order-shipped:${order._id}%`)).toBe(1);

    const tracking = { carrier: 'Royal Mail', trackingNumber: 'RM123456785GB' };
    await patch(order._id, { status: 'shipped', ...tracking });
    expect(await mailJobs(shippedMailEventKey(order._id, tracking))).toBe(1);
    // Moved back and shipped again with the tracking it kept: the same mail's key, which is sent once.
    await patch(order._id, { status: 'processing' });
    await patch(order._id, { status: 'shipped' });
    expect(await mailJobs(shippedMailEventKey(order._id, tracking))).toBe(2);
    expect(await mailJobsLike(`order-shipped:${order._id}%`)).toBe(3);
  });
});
