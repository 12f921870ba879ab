// The API's layers, checked on every import (type-only ones included): the platform and the database are
// the floor the modules stand on, a module's SQL is its own, and shipped code never leans on test support.
// Paths match whether the cruise starts at the repository's root (apps/api/src) or in apps/api (src).
const path = require('node:path');

const SRC = '^(?:apps/api/)?src/';
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-module',
      comment:
        'platform/ is what every module stands on (config, errors, the auth guard, jobs); it takes what it needs ' +
        'of a module as a parameter from app.ts, so move the piece to platform/ or hand it in.',
      severity: 'error',
      from: { path: `${SRC}platform/` },
      to: { path: `${SRC}modules/` },
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
