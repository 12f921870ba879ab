import fs from 'node:fs';

/** Prints every numeric figure of two bench results side by side: `npm run compare -w bench -- a.json b.json`. */
type Tree = { [key: string]: unknown };

function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, tree);
  }
  return out;
}

const [beforePath, afterPath] = process.argv.slice(2);
if (!beforePath || !afterPath) {
  console.error('Usage: npm run compare -w bench -- <before.json> <after.json>');
  process.exit(1);
}
const before = flatten(JSON.parse(fs.readFileSync(beforePath, 'utf8')));
const after = flatten(JSON.parse(fs.readFileSync(afterPath, 'utf8')));
const keys = [...new Set([...before.keys(), ...after.keys()])];
const width = Math.max(...keys.map((k) => k.length));
const lines = keys.map((key) => {
  const a = before.get(key);
  const b = after.get(key);
  const change =
    typeof a === 'number' && typeof b === 'number' && a !== 0 ? `${(((b - a) / Math.abs(a)) * 100).toFixed(1)}%` : '';
  return `${key.padEnd(width)}  ${String(a ?? '-').padStart(24)}  ${String(b ?? '-').padStart(24)}  ${change.padStart(9)}`;
});
process.stdout.write(
  `${['figure'.padEnd(width), 'before'.padStart(24), 'after'.padStart(24), 'change'.padStart(9)].join('  ')}\n`,
);
process.stdout.write(`${lines.join('\n')}\n`);
