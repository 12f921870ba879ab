import { BENCH_PASSWORD } from './datasets';
import type { LoadResult } from './load';
import { say } from './run';

// What every part of the suite needs: a bench account's session, and a measurement that may fail alone.

export async function logIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export type Measured = LoadResult | { error: string };

export async function attempt(name: string, work: () => Promise<LoadResult>): Promise<Measured> {
  say(`measuring ${name}`);
  try {
    return await work();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    say(`  ${name} failed: ${message}`);
    return { error: message };
  }
}
