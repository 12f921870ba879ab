import { PAGE_SCRIPTS_ELEMENT_ID, type PageScripts } from '@shop/contract/page-scripts';
import type { Manifest } from './page-hints';
import { scriptJson } from './script-json';

/** The web app's first script for pages the server rendered (apps/web/src/hydrate.ts), by its manifest key. */
const HYDRATE_MODULE = 'src/hydrate.ts';

/** The app's own script tag and its modulepreload links, as Vite writes them into index.html. */
const APP_SCRIPT_TAGS =
  /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

export interface RenderedPageShell {
  /** index.html with the app's script tags replaced by the hydrate script. */
  indexHtml: string;
  /** What the hydrate script loads: the app's entry and the chunks index.html preloaded for it. */
  scripts: PageScripts;
}

/**
 * index.html as a page the server rendered starts: its only script is the small one that loads the app
 * once the page has loaded and painted, so on a slow line the app's code does not share the bandwidth
 * with the page's pictures (the page is readable, and its links work, without it). Undefined when the
 * build has no hydrate script: rendered pages then load the app as index.html does.
 */
export function renderedPageShell(indexHtml: string, manifest: Manifest | undefined): RenderedPageShell | undefined {
  const hydrate = manifest?.[HYDRATE_MODULE]?.file;
  if (!hydrate) return undefined;
  let entry: string | undefined;
  const imports: string[] = [];
  const withoutAppScripts = indexHtml.replace(APP_SCRIPT_TAGS, (_tag, script?: string, preload?: string) => {
    if (script) entry = script;
    if (preload) imports.push(preload);
    return '';
  });
  if (!entry) return undefined;
  return {
    indexHtml: withoutAppScripts.replace(
      '</head>',
      () => `  <script type="module" src="/${hydrate}"></script>\n  </head>`,
    ),
    scripts: { entry, imports, screen: [] },
  };
}

/** The page's HTML naming the code its hydrate script loads: the app's, and its screen's. */
export function withPageScripts(html: string, scripts: PageScripts, screen: readonly string[]): string {
  const all: PageScripts = { ...scripts, screen: [...screen] };
  return html.replace(
    '</body>',
    () => `  <script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">${scriptJson(all)}</script>\n  </body>`,
  );
}
