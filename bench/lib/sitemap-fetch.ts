import fs from 'node:fs';

export interface SitemapFetch {
  /** URLs found in all the products sitemaps together (must be every product). */
  product_urls: number;
  /** From asking for /sitemap.xml to the last byte of the last sitemap, fetched as a crawler does. */
  seconds: number;
  /** The shop's peak memory while it served them, over what it held before (MB). */
  memory_growth_mb: number;
}

const kbOf = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);

/**
 * The sitemap index and every sitemap it lists, one after the other, compressed as crawlers ask for them.
 * The shop's peak resident memory is reset first (Linux's clear_refs), so the growth is what serving them took.
 */
export async function measureSitemaps(shopUrl: string, shopPid: number): Promise<SitemapFetch> {
  const statusPath = `/proc/${shopPid}/status`;
  const before = kbOf(fs.readFileSync(statusPath, 'utf8'), 'VmRSS');
  fs.writeFileSync(`/proc/${shopPid}/clear_refs`, '5');
  const headers = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'bench-crawler' };
  const started = performance.now();
  const index = await (await fetch(`${shopUrl}/sitemap.xml`, { headers })).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  let productUrls = 0;
  for (const file of files) {
    const res = await fetch(`${shopUrl}${file}`, { headers });
    if (!res.ok) throw new Error(`${file}: ${res.status}`);
    const body = await res.text();
    if (file.includes('/products-')) productUrls += body.split('<url>').length - 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = kbOf(fs.readFileSync(statusPath, 'utf8'), 'VmHWM');
  return {
    product_urls: productUrls,
    seconds: Math.round(seconds * 100) / 100,
    memory_growth_mb: Math.round(((peak - before) / 1024) * 10) / 10,
  };
}
