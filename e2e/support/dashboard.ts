import { deflateSync } from 'node:zlib';
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Order } from '@shop/contract/orders';
import type { Product } from '@shop/contract/products';
import { logIn } from './account';
import { type Customer, ok } from './api';
import { admin } from './env';
import { CARDS, payWithCard } from './hosted-checkout';
import { addToCart, openCart, openProduct, proceedToCheckout } from './storefront';
import { test } from './test';

/** Dashboard helpers, written the way a shopper or the shop owner sees the pages. */

/**
 * Runs `work` as the shop's admin in a browser of their own (the journey's page stays the shopper's),
 * logged in, at the journey's screen size; the admin's browser is closed afterwards whatever happens.
 */
export async function asAdmin<T>(browser: Browser, work: (adminPage: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ ...test.info().project.use });
  try {
    const adminPage = await context.newPage();
    await logIn(adminPage, admin);
    return await work(adminPage);
  } finally {
    await context.close();
  }
}

/** A SweetAlert2 dialog (alert or confirmation) by its title. */
export const alertDialog = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

export async function expectAlert(page: Page, title: string, text: string): Promise<Locator> {
  const dialog = alertDialog(page, title);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  return dialog;
}

/** Answers an "Are you sure?" dialog, checking its text first. */
export async function confirmDialog(page: Page, text: string): Promise<void> {
  const dialog = await expectAlert(page, 'Are you sure?', text);
  await dialog.getByRole('button', { name: /yes/i }).click();
  await expect(dialog).toBeHidden();
}

export const dashboardHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { level: 1, name });

/** A table's row by a text it holds (a name, an e-mail, an order id). */
export const tableRow = (page: Page, text: string) => page.getByRole('main').getByRole('row').filter({ hasText: text });

export async function openDashboardPage(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(dashboardHeading(page, heading)).toBeVisible();
}

/**
 * Buys one product as the customer through the builtin hosted page with the card that pays, and
 * answers the order the shop made of it.
 */
export async function buyThroughHostedPage(page: Page, customer: Customer, product: Product): Promise<Order> {
  await logIn(page, customer);
  await openProduct(page, product);
  await addToCart(page);
  await openCart(page);
  await proceedToCheckout(page);
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await payWithCard(page, CARDS.paid);
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByText(/awaiting processing/i)).toBeVisible();
  const orders = await ok<Order[]>(await page.request.get(apiPaths.ordersByEmail(customer.email)), 'reading orders');
  const order = orders[0];
  if (!order) throw new Error(`No order was made for ${customer.email}`);
  return order;
}

/** The order tracker of /success and /orders/{id}, and the step it is at. */
export const trackerCurrentStep = (page: Page) =>
  page.getByRole('list', { name: /order (status|progress|tracker)/i }).locator('[aria-current="step"]');

// A PNG encoder small enough to read: the upload journey needs a real image the server will accept.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width x height PNG: a diagonal blend from one colour to another, so the preview shows something. */
export function pngImage(width: number, height: number, from: [number, number, number], to: [number, number, number]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Drops files on an element as a person dragging them from their desktop would. */
export async function dropFiles(target: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, mimeType: f.mimeType, data: [...f.buffer] }));
  const dataTransfer = await target.page().evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([new Uint8Array(f.data)], f.name, { type: f.mimeType }));
    return transfer;
  }, payload);
  await target.dispatchEvent('drop', { dataTransfer });
}
