/**
 * Text kept for the browser tab (sessionStorage), so it survives a reload and the trip to the hosted
 * checkout and back. Storage may be missing or refuse (private modes, no window on the server): then
 * nothing is kept and nothing fails.
 */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** What was kept under `key`, cut to `maxLength`; null when nothing was. */
export function loadForTab(key: string, maxLength: number): string | null {
  try {
    const value = storage()?.getItem(key);
    return value ? value.slice(0, maxLength) : null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; empty or null forgets it. */
export function keepForTab(key: string, value: string | null, what: string): void {
  try {
    if (value) storage()?.setItem(key, value);
    else storage()?.removeItem(key);
  } catch (error) {
    console.warn(`Could not keep ${what} for this tab`, error);
  }
}
