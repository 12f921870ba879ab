import fs from 'node:fs';
import path from 'node:path';

/**
 * What must never reach the shop's log, and what every request line must carry: after the whole suite
 * every log line of every app the tests built and every server they started is read (global-setup.ts).
 */
const LEAKS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'an e-mail address', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/ },
  // Session tokens, reset tokens and their SHA-256 hashes are 43 base64url characters.
  { what: 'a token or token hash', pattern: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/ },
  { what: 'a password', pattern: /correct-horse-battery|wrong-password|e2e-admin-password|bench-password/ },
];

const REQUEST_LINES = new Set(['request', 'request aborted by the client']);

/** Problems found in the `.log` files of `dir`, at most a few of each kind, with where they are. */
export function auditLogs(dir: string): string[] {
  const problems: string[] = [];
  let lines = 0;
  let requestLines = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.log'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const [i, line] of text.split('\n').entries()) {
      if (!line.trim()) continue;
      lines += 1;
      const where = `${file}:${i + 1}`;
      for (const { what, pattern } of LEAKS) {
        const found = pattern.exec(line);
        if (found) problems.push(`${where} holds ${what} ("${found[0]}"): ${line.slice(0, 300)}`);
      }
      let entry: { msg?: string; route?: unknown; ms?: unknown };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.msg && REQUEST_LINES.has(entry.msg)) {
        requestLines += 1;
        if (typeof entry.route !== 'string' || typeof entry.ms !== 'number') {
          problems.push(`${where} is a request line without a route and a time: ${line.slice(0, 300)}`);
        }
      }
    }
  }
  if (lines > 0 && requestLines === 0) problems.push(`${lines} log lines and not one request line: is logging on?`);
  return problems;
}
