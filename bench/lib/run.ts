import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dataRoot } from './options';

export const logsDir = path.join(dataRoot, 'logs');

/** A failed measurement as the results keep it: its reason. */
export const errorOf = (err: unknown) => ({ error: err instanceof Error ? err.message : String(err) });

/** What the bench prints while it works; the results table goes to standard output at the end. */
export function say(text: string): void {
  process.stderr.write(`[bench] ${text}\n`);
}

/** The last lines of a log, each cut short: a failed query can print megabytes of parameters. */
export function logTail(logPath: string, lines = 15): string {
  return fs
    .readFileSync(logPath, 'utf8')
    .split('\n')
    .slice(-lines)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}...` : line))
    .join('\n');
}

/** Runs a command to completion with its output in a log file; rejects naming the log on failure. */
export async function runLogged(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; logName: string },
): Promise<void> {
  fs.mkdirSync(logsDir, { recursive: true });
  const logPath = path.join(logsDir, options.logName);
  const out = fs.openSync(logPath, 'w');
  try {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', out, out],
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) {
      const tail = logTail(logPath);
      throw new Error(`${command} ${args.join(' ')} failed (exit ${code}); see ${logPath}\n${tail}`);
    }
  } finally {
    fs.closeSync(out);
  }
}

export const sizeLabel = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
