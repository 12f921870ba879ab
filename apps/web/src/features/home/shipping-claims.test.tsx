/** @jsxRuntime automatic @jsxImportSource react */
import { formatMoney, toDollars } from '@shop/contract/money';
import { PAGE_META } from '@shop/contract/seo';
import {
  EXPRESS_SHIPPING_CENTS,
  FREE_STANDARD_SHIPPING_FROM_CENTS,
  SHIPPING_COUNTRY_CODES,
  STANDARD_SHIPPING_CENTS,
} from '@shop/contract/shipping';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Hero } from './hero';
import { ServiceBanner } from './service-banner';

/** The words a shopper reads, as the server renders them. */
const textOf = (element: ReactElement) =>
  renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const dollars = (cents: number) => formatMoney(toDollars(cents));
const freeFrom = `Free standard shipping from ${dollars(FREE_STANDARD_SHIPPING_FROM_CENTS)} of items`;
/** What the shop promised before it followed its prices; none of it is true of the checkout. */
const untrue = /free shipping|on all orders|on every order|wherever you are/i;

describe("the home page's shipping claims", () => {
  it('the hero promises free standard shipping only from the threshold the checkout applies', () => {
    const text = textOf(<Hero />);
    expect(text).toContain(`${freeFrom}.`);
    expect(text).not.toMatch(untrue);
  });

  it('the services name the threshold, both prices and the number of countries the checkout ships to', () => {
    const text = textOf(<ServiceBanner />);
    expect(text).toContain('Free Standard Shipping');
    expect(text).toContain(`${freeFrom}.`);
    expect(text).toContain(`Standard is ${dollars(STANDARD_SHIPPING_CENTS)} (3-5 business days)`);
    expect(text).toContain(`Express is ${dollars(EXPRESS_SHIPPING_CENTS)} (1-2 business days)`);
    expect(text).toContain(`We ship to ${SHIPPING_COUNTRY_CODES.length} countries.`);
    expect(text).not.toMatch(untrue);
  });

  it("the page's description for search engines says the same", () => {
    expect(PAGE_META.home.description).toContain(`${freeFrom}.`);
    expect(PAGE_META.home.description).not.toMatch(untrue);
  });
});
