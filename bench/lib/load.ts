import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
}

export interface LoadTarget {
  method?: 'GET' | 'POST';
  /** One path, or several that each connection cycles through in turn. */
  paths: readonly string[];
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function fire(baseUrl: string, target: LoadTarget, connections: number, seconds: number) {
  const headers = { ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) };
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: target.paths.map((path) => ({ method: target.method ?? 'GET', path, headers, body: target.body })),
  });
}

/** Checks the target answers 2xx before loading it, so a broken endpoint is a clear error, not a fast 404. */
async function probe(baseUrl: string, target: LoadTarget): Promise<void> {
  const path = target.paths[0] ?? '/';
  const res = await fetch(`${baseUrl}${path}`, {
    method: target.method ?? 'GET',
    headers: { ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) },
    body: target.body,
  });
  if (!res.ok) throw new Error(`${target.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
}

/** Warms the route up (not counted), then loads it with autocannon at the given connections. */
export async function measure(baseUrl: string, target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  await probe(baseUrl, target);
  if (settings.warmupSeconds > 0) {
    await fire(baseUrl, target, settings.connections, settings.warmupSeconds);
    // Work the warm-up left queued (slow password hashes) would be counted against the run: wait it out.
    await probe(baseUrl, target);
  }
  const result = await fire(baseUrl, target, settings.connections, settings.durationSeconds);
  return {
    rps: Math.round(result.requests.total / result.duration),
    p50_ms: round1(result.latency.p50),
    p99_ms: round1(result.latency.p99),
    errors: result.errors + result.non2xx,
  };
}
