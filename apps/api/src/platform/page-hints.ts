import fs from 'node:fs';
import path from 'node:path';

/**
 * A `<link>` added to a page's HTML so the browser fetches what the page will ask for (its route's
 * code, its data, its largest picture) while the app's own script is still downloading, instead of
 * one after the other.
 */
export type PageHint =
  | { kind: 'module'; href: string }
  | { kind: 'image'; href: string; type?: string; srcset?: string; sizes?: string }
  | { kind: 'data'; href: string };

/** Hints a domain adds for the pages it knows, from their address (`/shop/{id}` for the catalogue). */
export type PageHintsSource = (url: URL) => Promise<PageHint[]>;

/**
 * The web app's lazily loaded screens, by the source module Vite's manifest names them under. A
 * renamed module only loses its hint; web-app.test.ts checks each one still exists.
 */
export const ROUTE_MODULES: ReadonlyArray<{ pattern: RegExp; module: string }> = [
  { pattern: /^\/shop\/[^/]+$/, module: 'src/app/routes/product-route.tsx' },
  { pattern: /^\/shop$/, module: 'src/app/routes/shop-route.tsx' },
  { pattern: /^\/categories\/[^/]+$/, module: 'src/app/routes/category-route.tsx' },
  { pattern: /^\/search$/, module: 'src/app/routes/search-route.tsx' },
  { pattern: /^\/orders\/[^/]+$/, module: 'src/features/orders/order-page.tsx' },
  { pattern: /^\/success$/, module: 'src/app/routes/success-route.tsx' },
  { pattern: /^\/login$/, module: 'src/features/auth/login-page.tsx' },
  { pattern: /^\/register$/, module: 'src/features/auth/register-page.tsx' },
  { pattern: /^\/forgot-password$/, module: 'src/features/auth/forgot-password-page.tsx' },
  { pattern: /^\/reset-password$/, module: 'src/features/auth/reset-password-page.tsx' },
  { pattern: /^\/dashboard(\/.*)?$/, module: 'src/app/dashboard/dashboard-layout.tsx' },
];

/** The home page's largest element is its hero picture, known before any script runs. */
const PAGE_IMAGES: ReadonlyArray<{ pattern: RegExp; href: string }> = [{ pattern: /^\/$/, href: '/images/hero.svg' }];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** Reads the build's manifest (`build.manifest` in the web app's Vite config), or none without one. */
export function readManifest(webDistDir: string): Manifest | undefined {
  const file = path.join(webDistDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/** Every chunk a manifest key loads, itself first, without the ones in `except`. */
export function chunkClosure(manifest: Manifest, key: string, except: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k) || except.has(k)) return;
    seen.add(k);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(key);
  return [...seen];
}

/**
 * The hints every build knows without asking the database: a path's route code and fixed pictures,
 * worked out once from the manifest.
 */
export function staticPageHints(manifest: Manifest | undefined): (pathname: string) => PageHint[] {
  const entry = manifest && Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  // What index.html loads already is not hinted again.
  const loadedByIndex = new Set(manifest && entry ? chunkClosure(manifest, entry, new Set()) : []);
  const routes = ROUTE_MODULES.map(({ pattern, module }) => ({
    pattern,
    hints: (manifest ? chunkClosure(manifest, module, loadedByIndex) : []).map(
      (key): PageHint => ({ kind: 'module', href: `/${manifest?.[key]?.file}` }),
    ),
  }));
  return (pathname) => [
    ...PAGE_IMAGES.filter((p) => p.pattern.test(pathname)).map((p): PageHint => ({ kind: 'image', href: p.href })),
    ...(routes.find((r) => r.pattern.test(pathname))?.hints ?? []),
  ];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderPageHint(hint: PageHint): string {
  const href = escapeAttribute(hint.href);
  switch (hint.kind) {
    case 'module':
      return `<link rel="modulepreload" crossorigin href="${href}">`;
    case 'data':
      // The app's API client sends the session cookie (`credentials: 'include'`); the preload must
      // ask the same way or the browser cannot hand its answer to the app.
      return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
    case 'image': {
      const srcset = hint.srcset ? ` imagesrcset="${escapeAttribute(hint.srcset)}"` : '';
      const sizes = hint.sizes ? ` imagesizes="${escapeAttribute(hint.sizes)}"` : '';
      const type = hint.type ? ` type="${escapeAttribute(hint.type)}"` : '';
      return `<link rel="preload" as="image" fetchpriority="high" href="${href}"${type}${srcset}${sizes}>`;
    }
  }
}

const HINT_ORDER: readonly PageHint['kind'][] = ['image', 'data', 'module'];

/**
 * The page's HTML with its hints ahead of the app's own script, after the viewport is set: a picture's
 * `imagesizes` is read against it.
 */
export function withPageHints(indexHtml: string, hints: readonly PageHint[]): string {
  if (hints.length === 0) return indexHtml;
  // The largest picture first, then the data, then code: a phone's six connections go to the small
  // requests the first paint waits on before the scripts take them for longer.
  const links = [...hints]
    .sort((a, b) => HINT_ORDER.indexOf(a.kind) - HINT_ORDER.indexOf(b.kind))
    .map(renderPageHint)
    .join('\n    ');
  const before = /<meta name="viewport"[^>]*>/i.exec(indexHtml) ?? /<meta charset[^>]*>/i.exec(indexHtml);
  if (!before) return indexHtml.replace('</head>', `  ${links}\n  </head>`);
  const at = before.index + before[0].length;
  return `${indexHtml.slice(0, at)}\n    ${links}${indexHtml.slice(at)}`;
}
