import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chunkClosure, readManifest } from '../../apps/api/src/platform/page-hints';
import { repoRoot } from './options';
import { runLogged, say } from './run';

export const webDist = path.join(repoRoot, 'apps/web/dist');

export interface WebSizes {
  initial_js_gzip_bytes: number;
  initial_css_gzip_bytes: number;
  largest_chunk_gzip_bytes: number;
  /** Everything the admin's dashboard page (/dashboard/admin) loads at once, the first page's files included. */
  admin_entry_gzip_bytes: number;
  /** For the table: which files the figures are made of. */
  initialFiles: string[];
  largestChunk: string;
}

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Local assets index.html makes the browser load at once: module scripts, module preloads, stylesheets. */
export function initialAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const url = tag.toLowerCase().startsWith('<script') ? attr('src') : attr('href');
    // Third-party scripts (the payment provider's) cannot be sized from the build.
    if (!url || /^(https?:)?\/\//i.test(url)) continue;
    const rel = attr('rel')?.toLowerCase();
    if (tag.toLowerCase().startsWith('<script') || rel === 'modulepreload') js.push(url);
    else if (rel === 'stylesheet') css.push(url);
  }
  return { js, css };
}

/** The admin's dashboard page and the layout around it, by the source module Vite's manifest names them under. */
const ADMIN_ENTRY_MODULES = ['src/app/dashboard/dashboard-layout.tsx', 'src/features/insight/admin-dashboard-page.tsx'];

export async function buildWeb(): Promise<void> {
  say('building the web app (production)');
  await runLogged('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, logName: 'web-build.log' });
}

export type InitialSizes = Pick<WebSizes, 'initial_js_gzip_bytes' | 'initial_css_gzip_bytes'>;

const assetsOf = (dist: string) => {
  const { js, css } = initialAssets(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const file = (url: string) => path.join(dist, url.replace(/^\//, ''));
  const sum = (urls: string[]) => urls.reduce((total, url) => total + gzipBytes(file(url)), 0);
  return { js, css, file, sum };
};

/** What `/` loads at once, from any commit's build: the sizes two builds compare by, whatever their layout. */
export function measureInitialSizes(dist: string): InitialSizes {
  const { js, css, sum } = assetsOf(dist);
  return { initial_js_gzip_bytes: sum(js), initial_css_gzip_bytes: sum(css) };
}

/** Gzip sizes (level 9) of what `/` loads before it is interactive, and of the largest chunk loaded later. */
export function measureWebSizes(dist: string = webDist): WebSizes {
  const { js, css, file, sum } = assetsOf(dist);
  const initial = new Set([...js, ...css].map((url) => path.resolve(file(url))));
  const assetsDir = path.join(dist, 'assets');
  const lazy = fs
    .readdirSync(assetsDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(assetsDir, name))
    .filter((p) => !initial.has(path.resolve(p)))
    .map((p) => ({ name: path.basename(p), bytes: gzipBytes(p) }))
    .sort((a, b) => b.bytes - a.bytes);
  // The shop's own reading of the manifest, as it hints each page's code (apps/api/src/platform/page-hints.ts).
  const manifest = readManifest(dist);
  if (!manifest) throw new Error(`the build in ${dist} has no manifest`);
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  for (const key of ADMIN_ENTRY_MODULES) if (!manifest[key]) throw new Error(`the build has no ${key}`);
  const adminKeys = new Set([...entry, ...ADMIN_ENTRY_MODULES].flatMap((key) => chunkClosure(manifest, key)));
  const adminFiles = [...adminKeys].map((key) => `/${manifest[key]?.file}`).filter((url) => url.endsWith('.js'));
  return {
    initial_js_gzip_bytes: sum(js),
    initial_css_gzip_bytes: sum(css),
    largest_chunk_gzip_bytes: lazy[0]?.bytes ?? 0,
    admin_entry_gzip_bytes: sum(adminFiles),
    initialFiles: [...js, ...css],
    largestChunk: lazy[0]?.name ?? '',
  };
}
