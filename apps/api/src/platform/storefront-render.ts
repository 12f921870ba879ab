import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { scriptJson } from './script-json';
import type { StorefrontRenderer } from './web-app';

/** What the web app's server entry (apps/web/src/entry-server.tsx) gives the server. */
interface StorefrontEntry {
  rendersOnServer: (pathname: string) => boolean;
  pageAddress: (address: URL) => string;
  renderStorefrontPage: (
    address: URL,
    api: {
      answerInProcess: (request: { url: string; method: string; body?: unknown }) => Promise<unknown>;
    },
  ) => Promise<{ status: number; complete: boolean; html: string; state: Record<string, unknown> }>;
}

/** Marks the API requests the renderer makes in process: they are the server's, not a shopper's. */
export const IN_PROCESS_HEADER = 'x-shop-in-process';

/**
 * The storefront's pages rendered on the server by the web app's own code: each page's loaders are
 * answered by this app's API in process (`inject`: the same routes, rules and caches, no network), as
 * a visitor nobody knows, so the HTML is the same for everyone who asks for the address (web-app.ts
 * keeps it with the catalogue's answers). Undefined when the web app has no server build (`npm run build`
 * makes it).
 */
export async function storefrontRenderer(
  app: FastifyInstance,
  entryPath: string,
  log: FastifyBaseLogger,
): Promise<StorefrontRenderer | undefined> {
  if (!fs.existsSync(entryPath)) {
    log.info({ entryPath }, 'the web app has no server build: pages are rendered in the browser only');
    return undefined;
  }
  const entry = (await import(pathToFileURL(entryPath).href)) as StorefrontEntry;
  const answerInProcess = async (request: { url: string; method: string; body?: unknown }) => {
    const res = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { [IN_PROCESS_HEADER]: '1' },
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
    const data: unknown = res.body ? JSON.parse(res.body) : null;
    return res.statusCode < 400 ? { data } : { error: { status: res.statusCode, data } };
  };
  return {
    pageAddress: (address) => new URL(entry.pageAddress(address), address),
    async render(address) {
      if (!entry.rendersOnServer(address.pathname)) return undefined;
      const page = await entry.renderStorefrontPage(address, { answerInProcess });
      return { status: page.status, complete: page.complete, html: page.html, state: scriptJson(page.state) };
    },
  };
}
