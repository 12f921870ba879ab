import { PAGE_SCRIPTS_ELEMENT_ID, type PageScripts } from '@shop/contract/page-scripts';

/**
 * The only script a page the server rendered starts with. The page is readable and its links work
 * without any script, so the app's code, which hydrates it, is asked for once the page has loaded and
 * painted: on a slow line it no longer shares the bandwidth with the page's pictures, the largest of
 * which is what the shopper waits for. Which code to load is named in the page by the server.
 */
function pageScripts(): PageScripts | undefined {
  const text = document.getElementById(PAGE_SCRIPTS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageScripts;
  } catch {
    return undefined;
  }
}

function preload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/** A task boundary, so the browser can answer a tap between two pieces of start-up work. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function loadTheApp(): Promise<void> {
  const scripts = pageScripts();
  if (!scripts) return;
  // Everything downloads at once; the screen's code beside the app's instead of after it.
  for (const href of [...scripts.imports, scripts.entry, ...scripts.screen]) preload(href);
  // Each chunk the entry imports is evaluated in a task of its own before the entry: React DOM alone
  // takes a phone tens of milliseconds, and one task for the whole app would keep a tap waiting longer.
  for (const href of scripts.imports) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
  await import(/* @vite-ignore */ scripts.entry);
}

/** After the first paint: where the browser reports paints, once it has; elsewhere two frames from now. */
function afterFirstPaint(then: () => void): void {
  const painted = () => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint');
  if (painted()) return void setTimeout(then, 0);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    return void requestAnimationFrame(() => requestAnimationFrame(then));
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    setTimeout(then, 0);
  });
  observer.observe({ type: 'paint' });
}

const start = () => afterFirstPaint(() => void loadTheApp());
if (document.readyState === 'complete') start();
else addEventListener('load', start, { once: true });
