import { describe, expect, it } from 'vitest';
import { pageAddress } from './entry-server';

const address = (path: string) => pageAddress(new URL(`http://shop.test${path}`));

describe('the address a server-rendered page is rendered and kept as', () => {
  it("keeps a product page's colour, so the server renders that colour's pictures and sizes", () => {
    expect(address('/shop/abc?colour=red&utm_source=mail')).toBe('/shop/abc?colour=red');
  });

  it('drops a colour the shop does not have and everything else a product page ignores', () => {
    expect(address('/shop/abc?colour=purple')).toBe('/shop/abc');
    expect(address('/shop/abc?ref=1')).toBe('/shop/abc');
  });

  it("keeps the search page's words as before", () => {
    expect(address('/search?q=silk&x=1')).toBe('/search?q=silk');
  });
});
