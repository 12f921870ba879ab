import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { isOk, send } from './http-client';

export interface LoadResult {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  /** The share of answers the shop read from its database rather than its cache (its X-Cache header). */
  database_share?: number;
  /** The shop's peak resident memory while the workload ran (MB), warm-up included. */
  peak_rss_mb?: number;
}

export interface LoadTarget {
  method?: 'GET' | 'POST';
  /** One path, or several that each connection cycles through in turn. */
  paths: readonly string[];
  headers?: Record<string, string>;
  body?: string;
  /**
   * The paths are shared by all connections, each asked for once in turn (from the start again only if
   * the run outlasts them), instead of every connection cycling through all of them.
   */
  walk?: boolean;
  /**
   * Requests a second at a steady pace, whatever the answers' speed (an open loop, as visitors arrive):
   * each is timed from when it was due, so a request that waited for a free connection counts its wait.
   */
  rate?: number;
  /** Counts the answers that say (X-Cache) they were read from the database, for `database_share`. */
  countsReads?: boolean;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const walks = new WeakMap<LoadTarget, { next: number }>();

/** Answers the shop took from its cache and read from its database, by their X-Cache header. */
interface Reads {
  hit: number;
  miss: number;
}

function fire(baseUrl: string, target: LoadTarget, connections: number, seconds: number, reads?: Reads) {
  const headers = { ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) };
  const method = target.method ?? 'GET';
  if (target.walk) {
    const path = pathsOf(target);
    const counted = reads
      ? {
          onResponse: (_status: number, _body: string, _context: object, answer?: IncomingHttpHeaders) => {
            // autocannon keeps the header's name as the server wrote it.
            const said = answer?.['x-cache'] ?? (answer as Record<string, unknown> | undefined)?.['X-Cache'];
            if (said === 'miss') reads.miss++;
            else reads.hit++;
          },
        }
      : {};
    return autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      requests: [
        { method, headers, body: target.body, setupRequest: (request) => ({ ...request, path: path() }), ...counted },
      ],
    });
  }
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: target.paths.map((path) => ({ method, path, headers, body: target.body })),
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

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The next path of a target: in turn for a walk shared with its warm-up, else the next of its list. */
function pathsOf(target: LoadTarget): () => string {
  if (!target.walk) {
    let next = 0;
    return () => target.paths[next++ % target.paths.length] ?? '/';
  }
  // Where the walk is, kept from the warm-up to the run: the run asks for no page the warm-up did.
  const walked = walks.get(target) ?? { next: 0 };
  walks.set(target, walked);
  return () => target.paths[walked.next++ % target.paths.length] ?? '/';
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** `target.rate` requests a second for `seconds`, each sent when due (not when the last answered). */
async function firePaced(baseUrl: string, target: LoadTarget & { rate: number }, seconds: number) {
  const nextPath = pathsOf(target);
  const interval = 1000 / target.rate;
  const started = performance.now();
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < Math.round(seconds * target.rate); i++) {
    const due = started + i * interval;
    await sleepUntil(due);
    inFlight.push(
      send(`${baseUrl}${nextPath()}`, { method: target.method ?? 'GET', headers: target.headers, body: target.body })
        .then((answer) => {
          if (isOk(answer)) latencies.push(performance.now() - due);
          else errors++;
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(inFlight);
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

async function measurePaced(baseUrl: string, target: LoadTarget & { rate: number }, settings: LoadSettings) {
  if (settings.warmupSeconds > 0) await firePaced(baseUrl, target, settings.warmupSeconds);
  const { latencies, errors, seconds } = await firePaced(baseUrl, target, settings.durationSeconds);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / seconds),
    p50_ms: round1(percentile(sorted, 50)),
    p99_ms: round1(percentile(sorted, 99)),
    errors,
  };
}

/**
 * Warms the route up (not counted), then loads it with autocannon at the given connections, or at a
 * steady pace when the target has a rate.
 */
export async function measure(baseUrl: string, target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  await probe(baseUrl, target);
  if (target.rate) return measurePaced(baseUrl, { ...target, rate: target.rate }, settings);
  if (settings.warmupSeconds > 0) {
    await fire(baseUrl, target, settings.connections, settings.warmupSeconds);
    // Work the warm-up left queued (slow password hashes) would be counted against the run: wait it out.
    await probe(baseUrl, target);
  }
  const reads = target.countsReads ? { hit: 0, miss: 0 } : undefined;
  const result = await fire(baseUrl, target, settings.connections, settings.durationSeconds, reads);
  return {
    rps: Math.round(result.requests.total / result.duration),
    p50_ms: round1(result.latency.p50),
    p99_ms: round1(result.latency.p99),
    errors: result.errors + result.non2xx,
    ...(reads ? { database_share: Math.round((reads.miss / Math.max(1, reads.hit + reads.miss)) * 1000) / 1000 } : {}),
  };
}
