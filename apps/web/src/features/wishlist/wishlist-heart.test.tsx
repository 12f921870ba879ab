/** @jsxRuntime automatic @jsxImportSource react */
import type { SavedChoice } from '@shop/contract/wishlist-choice';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { combineReducers, legacy_createStore } from 'redux';
import { describe, expect, it } from 'vitest';
import { testProduct } from '../../test/product';
import { ProductCard } from '../../ui/product-card';
import { type SaveForLaterProps, SaveForLaterProvider } from '../../ui/save-for-later';
import { accountListRead, savedByGuest, wishlistReducer } from './wishlist.slice';
import { WishlistHeart } from './wishlist-heart';

const DRESS = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';

function render(
  props: SaveForLaterProps & { signedIn: boolean },
  saved: { guest?: SavedChoice[]; account?: SavedChoice[] },
) {
  const store = legacy_createStore(combineReducers({ wishlist: wishlistReducer }));
  for (const choice of saved.guest ?? []) store.dispatch(savedByGuest(choice));
  if (saved.account) store.dispatch(accountListRead(saved.account));
  return renderToStaticMarkup(
    <Provider store={store}>
      <WishlistHeart {...props} />
    </Provider>,
  );
}

const heart = { productId: DRESS, name: 'Wrap dress', signedIn: false };
const inRedM = { productId: DRESS, colour: 'red', size: 'M' } as const;
const red = { key: 'red', name: 'Red' } as const;

describe('the wishlist heart', () => {
  it('offers to save a product not saved yet, as a toggle that is not pressed', () => {
    const html = render({ ...heart, scope: 'product' }, {});
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('aria-label="Save Wrap dress to your wishlist"');
  });

  it('on a card, is pressed when any of the product is saved, and names the product', () => {
    const html = render({ ...heart, scope: 'product' }, { guest: [inRedM] });
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain('aria-label="Remove Wrap dress from your wishlist"');
  });

  it('on the product page, is pressed only for the colour and size chosen, and names them', () => {
    const chosen = render({ ...heart, scope: 'choice', colour: red, size: 'M' }, { guest: [inRedM] });
    expect(chosen).toContain('aria-label="Remove Wrap dress (Red, size M) from your wishlist"');
    const other = render({ ...heart, scope: 'choice', colour: red, size: 'S' }, { guest: [inRedM] });
    expect(other).toContain('aria-pressed="false"');
    expect(other).toContain('aria-label="Save Wrap dress (Red, size S) to your wishlist"');
  });

  it("shows a customer the account's list, not what a guest saved in this browser", () => {
    expect(render({ ...heart, signedIn: true, scope: 'product' }, { guest: [inRedM] })).toContain(
      'aria-pressed="false"',
    );
    expect(render({ ...heart, signedIn: true, scope: 'product' }, { account: [inRedM] })).toContain(
      'aria-pressed="true"',
    );
  });
});

describe("a product card's heart slot", () => {
  const seen: SaveForLaterProps[] = [];
  const Spy = (props: SaveForLaterProps) => {
    seen.push(props);
    return <button type="button">heart</button>;
  };
  const card = (children: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{children}</MemoryRouter>);

  it('is empty without a provider, and filled with the product and the colour the card shows', () => {
    const product = testProduct({ name: 'Wrap dress' });
    expect(card(<ProductCard product={product} onAddToCart={() => {}} />)).not.toContain('heart');
    const html = card(
      <SaveForLaterProvider value={Spy}>
        <ProductCard product={product} onAddToCart={() => {}} />
      </SaveForLaterProvider>,
    );
    expect(html).toContain('heart');
    expect(seen.at(-1)).toMatchObject({ productId: product._id, name: 'Wrap dress', scope: 'product' });
  });
});
