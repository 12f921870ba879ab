/**
 * The web app's layers, checked by `npm run lint:deps` from the repository root. app/ composes the
 * features; each feature is one domain and uses only ui/, lib/ and config/ beneath it, so a page made
 * of several domains is put together in app/, where a reader looks for it.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const path = require('node:path');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes the load order depend on who imports first; split out what both sides need.',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-app',
      comment: 'app/ composes everything else, so nothing beneath it imports app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|ui|lib|config)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-not-to-features',
      comment: 'ui/, lib/ and config/ have no domain: they import no feature.',
      severity: 'error',
      from: { path: '^apps/web/src/(ui|lib|config)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'no-feature-to-feature',
      comment:
        'A feature is one domain: what two features share goes down to ui/ or lib/, and a page made of several is composed in app/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports tie layers together as much as the others do.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
