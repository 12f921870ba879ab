import { SERVER_STATE_ELEMENT_ID } from '@shop/contract/seo';

/**
 * The action that puts a server-rendered page's API answers into the browser's store. Its type lives
 * here, apart from the API client, so the first page's script can send it without RTK Query's code.
 */
export const SERVER_RENDERED_API = 'api/serverRendered';

/** The state the server rendered this page from, or undefined on a page the browser renders alone. */
export function serverRenderedState(): Record<string, unknown> | undefined {
  const element = globalThis.document?.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
