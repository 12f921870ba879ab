import { hashPassword, verifyPassword } from '../apps/api/src/modules/auth/password';

/**
 * The password hash's own cost, for login to be compared with: the shop's verifyPassword run by
 * itself in a fresh process (the same libuv thread pool as the shop's), as many at once as the
 * load test's connections. Prints one JSON line: { rps, p50_ms, p99_ms, errors }.
 */
const concurrency = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.DURATION_SECONDS ?? 15);
const warmupSeconds = Number(process.env.WARMUP_SECONDS ?? 3);
const stored = await hashPassword('bench-password-2026');

/**
 * Verifies from `concurrency` callers at once for `ms`, and the time of each verification that ended
 * within it. As autocannon does for login, one still running when the time is up is not counted:
 * counting the last round that ends after it would add up to `concurrency` hashes to the window.
 */
async function verifyFor(ms: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        if (!(await verifyPassword('bench-password-2026', stored))) throw new Error('verify failed');
        const ended = performance.now();
        if (ended <= until) times.push(ended - started);
      }
    }),
  );
  return times;
}

await verifyFor(warmupSeconds * 1000);
const times = (await verifyFor(seconds * 1000)).sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;
process.stdout.write(
  `${JSON.stringify({ rps: round1(times.length / seconds), p50_ms: round1(at(50)), p99_ms: round1(at(99)), errors: 0 })}\n`,
);
