// The API's layers, checked on every import (type-only ones included): the platform and the database are
// the floor the modules stand on, a module's SQL is its own, the flows compose the modules and no module
// reaches a flow, no file imports itself round a cycle, and shipped code never leans on test support.
// That no two modules import each other is checked by scripts/check-module-pairs.ts on this cruise's JSON.
// Paths match whether the cruise starts at the repository's root (apps/api/src) or in apps/api (src).
const path = require('node:path');

const SRC = '^(?:apps/api/)?src/';
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A file never imports itself round a cycle: move what both sides need (a type, a constant) to a small ' +
        'file that both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-module',
      comment:
        'platform/ is what every module stands on (config, errors, the auth guard, jobs); it takes what it needs ' +
        'of a module or a flow as a parameter from app.ts, so move the piece to platform/ or hand it in.',
      severity: 'error',
      from: { path: `${SRC}platform/` },
      to: { path: `${SRC}(?:modules|flows)/` },
    },
    {
      name: 'module-imports-no-flow',
      comment:
        'flows/ composes the modules into the sequences that span them (checkout, fulfilment, a release); a ' +
        'module never reaches back into a flow: app.ts or background-work.ts hands the flow in.',
      severity: 'error',
      from: { path: `${SRC}modules/`, pathNot: TEST_FILE },
      to: { path: `${SRC}flows/` },
    },
    {
      name: 'no-other-module-queries',
      comment:
        "A module's *.queries.ts is its own SQL; another module asks that module's service (a small function " +
        'there), so a change to one table reaches only the module that owns it. Tests may read any table.',
      severity: 'error',
      from: { path: `${SRC}modules/([^/]+)/`, pathNot: TEST_FILE },
      to: { path: `${SRC}modules/[^/]+/.+\\.queries\\.ts$`, pathNot: `${SRC}modules/$1/` },
    },
    {
      name: 'flow-imports-no-queries',
      comment: "A flow asks each module's service, never its SQL, the way another module would.",
      severity: 'error',
      from: { path: `${SRC}flows/`, pathNot: TEST_FILE },
      to: { path: `${SRC}modules/[^/]+/.+\\.queries\\.ts$` },
    },
    {
      name: 'db-imports-no-module',
      comment:
        'db/ holds the schema, the migrations and the connection, below every module; what builds on the ' +
        'modules (the seed) lives beside them in src/.',
      severity: 'error',
      from: { path: `${SRC}db/` },
      to: { path: `${SRC}modules/` },
    },
    {
      name: 'production-imports-no-test-support',
      comment:
        'src/test/ holds the kits, fakes and factories of the tests; the shop must run without them, so shipped ' +
        'code never imports them.',
      severity: 'error',
      from: { path: SRC, pathNot: [TEST_FILE, `${SRC}test/`] },
      to: { path: `${SRC}test/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
