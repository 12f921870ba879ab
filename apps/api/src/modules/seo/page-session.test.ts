import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');

/** Requests in flight at once: a crowd of shoppers, some logged in and some not. */
const IN_FLIGHT = 25;
const REQUESTS = 1000;

let t: TestApp;
let baseUrl: string;
let shopper: TestUser;
let pages: string[];

beforeAll(async () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'));
  // Rendered on the server by the web app's own source, as its server build renders them.
  t = await createTestApp({
    env: { WEB_DIST_DIR: distDir, WEB_SERVER_ENTRY: path.join(webDir, 'src/entry-server.tsx') },
  });
  shopper = await createUser(t.db, { username: 'Marguerite Shopper' });
  const dress = await createProduct(t.db, { name: 'Velvet Slip Dress', category: 'dress', priceCents: 12900 });
  pages = ['/', `/shop/${dress.id}`, '/shop?category=dress&page=1', '/categories/dress', '/search?q=velvet'];
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(() => t.close());

interface Answer {
  page: string;
  loggedIn: boolean;
  status: number;
  body: string;
  setCookie: string | null;
  cacheControl: string | null;
}

async function fetchPage(page: string, loggedIn: boolean): Promise<Answer> {
  const res = await fetch(`${baseUrl}${page}`, { headers: loggedIn ? { cookie: shopper.cookie } : {} });
  return {
    page,
    loggedIn,
    status: res.status,
    body: await res.text(),
    setCookie: res.headers.get('set-cookie'),
    cacheControl: res.headers.get('cache-control'),
  };
}

/** The end of the JSON object that starts at `from`: its closing brace, braces in its strings skipped. */
function endOfObject(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let at = from; at < text.length; at++) {
    const c = text[at];
    if (inString) {
      if (c === '\\') at++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return at;
  }
  return text.length;
}

/**
 * A page rendered again once its cache entry grows old (every 5 s) carries the same answers under a new
 * request id and new times in RTK Query's state, and its queries' tags in the order their answers came
 * (a list and its facets are fetched together): those say when, not for whom.
 */
function withoutRequestBookkeeping(body: string): string {
  const text = body.replace(/"(requestId|startedTimeStamp|fulfilledTimeStamp)":("[^"]*"|\d+)/g, '"$1":_');
  const provided = '"provided":';
  const at = text.indexOf(provided);
  if (at === -1) return text;
  const start = at + provided.length;
  return `${text.slice(0, start)}_${withoutRequestBookkeeping(text.slice(endOfObject(text, start) + 1))}`;
}

/** Where two pages first differ, with some of each around it; empty when they are the same. */
function whereTheyDiffer(a: string, b: string): string {
  if (a === b) return '';
  let at = 0;
  while (a[at] === b[at]) at++;
  return `at ${at}: ${a.slice(Math.max(0, at - 80), at + 120)} | ${b.slice(Math.max(0, at - 80), at + 120)}`;
}

describe('pages under a crowd of logged-in and logged-out shoppers', () => {
  it('never give one shopper what belongs to another: a page is the same for everyone who asks for it', async () => {
    const answers: Answer[] = [];
    let next = 0;
    // Logged in and logged out alternate over every page, IN_FLIGHT at a time, as they arrive at a shop.
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < REQUESTS) {
          const n = next++;
          answers.push(await fetchPage(pages[n % pages.length] ?? '/', n % 2 === 0));
        }
      }),
    );

    expect(answers).toHaveLength(REQUESTS);
    for (const page of pages) {
      const ofPage = answers.filter((a) => a.page === page);
      expect(ofPage.filter((a) => a.loggedIn).length).toBeGreaterThan(50);
      expect(ofPage.filter((a) => !a.loggedIn).length).toBeGreaterThan(50);
      expect(new Set(ofPage.map((a) => a.status))).toEqual(new Set([200]));
      // One page, one HTML: nothing in it depends on who asked, so nothing can leak from one to another.
      const [first = '', ...others] = ofPage.map((a) => withoutRequestBookkeeping(a.body));
      for (const body of others) expect(whereTheyDiffer(first, body), page).toBe('');
      // And it is the page itself, rendered with its header, not an empty shell.
      expect(ofPage[0]?.body).toMatch(/<header[\s\S]*Cart, 0 items/);
    }
    for (const answer of answers) {
      expect(answer.body).not.toContain(shopper.username);
      expect(answer.body).not.toContain(shopper.email);
      expect(answer.body).not.toContain(shopper.token);
      // A page never opens, renews or ends a session, and no shared cache keeps a copy for someone else.
      expect(answer.setCookie).toBeNull();
      expect(answer.cacheControl ?? '').not.toMatch(/public/);
    }
  });
});
