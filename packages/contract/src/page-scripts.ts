/**
 * The element of a server-rendered page that names the app's code (JSON), which the page's first
 * script loads once the page has loaded and painted (apps/web/src/hydrate.ts). A module of its own:
 * that first script carries nothing else.
 */
export const PAGE_SCRIPTS_ELEMENT_ID = 'shop-scripts';

/** What a server-rendered page's first script loads. */
export interface PageScripts {
  /** The app's entry module. */
  entry: string;
  /** The chunks the entry imports, in the order index.html preloads them (each evaluated on its own first). */
  imports: string[];
  /** The screen's own code, which the app asks for as it starts: downloaded beside the app's. */
  screen: string[];
}
