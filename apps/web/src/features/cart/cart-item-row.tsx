import { formatMoney } from '@shop/contract/money';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/hooks';
import { ProductLine } from '../../ui/product-line';
import {
  type CartItem,
  cartLineKey,
  decreaseQuantity,
  increaseQuantity,
  maxQuantityOf,
  removeFromCart,
} from './cart.slice';

const stepButton =
  'grid size-8 place-items-center rounded-full border border-sand text-ink transition-colors hover:border-ink disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-sand';

export function CartItemRow({ item, index, onNavigate }: { item: CartItem; index: number; onNavigate: () => void }) {
  const dispatch = useAppDispatch();
  const nameId = useId();
  const key = cartLineKey(item);
  // Told why the plus stops, when it is the stock (not the order's limit) that stops it.
  const stockLimited = item.available !== undefined && item.quantity >= item.available;
  return (
    <ProductLine
      image={item.image}
      thumbnail="cart"
      className="flex gap-4 py-5"
      lead={
        <span aria-hidden="true" className="w-6 pt-1 font-display text-sm text-muted tabular-nums">
          {String(index + 1).padStart(2, '0')}
        </span>
      }
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={nameId} className="font-display text-base leading-snug text-ink">
              <Link to={paths.product.href(item._id)} onClick={onNavigate} className="hover:text-clay">
                {item.name}
              </Link>
              {item.colourName && <span className="sr-only">, {item.colourName}</span>}
              {item.size && <span className="sr-only">, size {item.size}</span>}
            </h3>
            <LineOptions item={item} />
          </div>
          <p className="text-sm font-medium text-ink tabular-nums">{formatMoney(item.price)}</p>
        </div>
        {stockLimited && (
          <p className="mt-2 text-xs text-clay-dark">
            Only {item.available} {item.available === 1 ? 'is' : 'are'} available
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <QuantityStepper item={item} nameId={nameId} />
          <button
            type="button"
            aria-describedby={nameId}
            onClick={() => dispatch(removeFromCart(key))}
            className="text-xs font-medium tracking-wide text-muted underline underline-offset-4 hover:text-stop"
          >
            Remove
          </button>
        </div>
      </div>
    </ProductLine>
  );
}

/** The line's colour and size as the eye reads them ("Red · M"); its heading says them to screen readers. */
function LineOptions({ item }: { item: CartItem }) {
  if (!item.colourName && !item.size) return null;
  return (
    <p aria-hidden="true" className="mt-1 text-xs text-muted">
      {item.colourName ? (
        <span className="font-medium text-ink">
          {item.colourName}
          {item.size && ` · ${item.size}`}
        </span>
      ) : (
        <>
          Size <span className="font-medium text-ink">{item.size}</span>
        </>
      )}
    </p>
  );
}

/** The line's minus, quantity and plus; the plus stops at the stock or the order's limit. */
function QuantityStepper({ item, nameId }: { item: CartItem; nameId: string }) {
  const dispatch = useAppDispatch();
  const key = cartLineKey(item);
  const max = maxQuantityOf(item);
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        aria-label="Decrease Quantity"
        aria-describedby={nameId}
        disabled={item.quantity <= 1}
        onClick={() => dispatch(decreaseQuantity(key))}
        className={stepButton}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="w-7 text-center text-sm tabular-nums">
        <span className="sr-only">Quantity </span>
        {item.quantity}
      </span>
      <button
        type="button"
        aria-label="Increase Quantity"
        aria-describedby={nameId}
        disabled={item.quantity >= max}
        onClick={() => dispatch(increaseQuantity(key))}
        className={stepButton}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
