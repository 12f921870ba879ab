/**
 * The API's layers, from dependency-cruiser's JSON on stdin (`npm run lint:deps` pipes it in): every
 * violation of the rules in apps/api/.dependency-cruiser.cjs, and the one rule dependency-cruiser cannot
 * state, that no two modules import each other. A module that needs another's work and is needed by it
 * in turn is one sequence spanning both: it goes to src/flows/, which composes them. Test files may read
 * across modules and are left out.
 */
import fs from 'node:fs';

interface Cruise {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { rule: { name: string; severity: string }; from: string; to: string }[] };
}

const MODULE = /(?:^|\/)src\/modules\/([^/]+)\//;
const TEST_FILE = /\.test\.tsx?$/;

const cruise = JSON.parse(fs.readFileSync(0, 'utf8')) as Cruise;
const problems = cruise.summary.violations
  .filter((v) => v.rule.severity === 'error')
  .map((v) => `error ${v.rule.name}: ${v.from} → ${v.to}`);

/** Every import from one module into another: `from -> to` with the files that make it. */
const edges = new Map<string, string[]>();
for (const file of cruise.modules) {
  const from = MODULE.exec(file.source)?.[1];
  if (!from || TEST_FILE.test(file.source)) continue;
  for (const { resolved } of file.dependencies) {
    const to = MODULE.exec(resolved)?.[1];
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, [...(edges.get(key) ?? []), `${file.source} → ${resolved}`]);
  }
}
for (const [key, files] of edges) {
  const [from, to] = key.split(' -> ') as [string, string];
  if (from > to || !edges.has(`${to} -> ${from}`)) continue;
  const back = edges.get(`${to} -> ${from}`) ?? [];
  problems.push(
    `error no-module-pair: modules ${from} and ${to} import each other (move the sequence that spans them ` +
      `to src/flows/):\n    ${[...files, ...back].join('\n    ')}`,
  );
}

if (problems.length > 0) {
  process.stdout.write(`\n${problems.join('\n')}\n\n✘ ${problems.length} dependency violations (API)\n`);
  process.exit(1);
}
process.stdout.write(
  `✔ no dependency violations found (API: ${cruise.modules.length} files, no two modules import each other)\n`,
);
