import type { ShippingAddress } from '@shop/contract/delivery';
import type { Queryable } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { notFound, unauthorised } from '../../platform/errors';
import { findSavedAddress, updateSavedAddress } from './saved-address.queries';

/**
 * The customer's saved delivery address: the hosted checkout starts from it, and each order replaces
 * it with the address it went to. Only the session's own account is read or changed.
 */
function actorId(ctx: ServiceContext): string {
  if (!ctx.actor) throw unauthorised();
  return ctx.actor.id;
}

const accountGone = () => notFound('User not found');

export async function getSavedAddress(ctx: ServiceContext): Promise<ShippingAddress | null> {
  const address = await findSavedAddress(ctx.db, actorId(ctx));
  if (address === undefined) throw accountGone();
  return address;
}

export async function saveAddress(ctx: ServiceContext, address: ShippingAddress): Promise<ShippingAddress> {
  if (!(await updateSavedAddress(ctx.db, actorId(ctx), address))) throw accountGone();
  return address;
}

export async function forgetAddress(ctx: ServiceContext): Promise<void> {
  if (!(await updateSavedAddress(ctx.db, actorId(ctx), null))) throw accountGone();
}

/** A paid order's delivery address becomes its account's saved one; false when the account is gone. */
export function rememberOrderAddress(db: Queryable, userId: string, address: ShippingAddress): Promise<boolean> {
  return updateSavedAddress(db, userId, address);
}
