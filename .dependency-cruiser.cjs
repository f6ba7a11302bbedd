/**
 * Import rules (issue 26; docs/architecture.md). `npm run check:deps` runs them in `npm test`.
 * Layers point one way: routes -> processes -> engines -> platform. Tests and the
 * composition root (lib/ops) may reach anything; production code never reaches lib/testing.
 */
// The layers are folders: lib/<layer>/<capability>/ (docs/architecture.md).
const ENGINES = '^lib/engines/';
const PROCESSES = '^lib/processes/';
const DELIVERY = '^lib/delivery/';
const PLATFORM = '^lib/platform/';
const API = '^lib/api/';
const TESTS = '(\\.test\\.tsx?$|^lib/testing/|^e2e/|^bench/|^scripts/)';

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'No import cycles between files.', severity: 'error', from: {}, to: { circular: true } },
    { name: 'engines-not-processes', comment: 'An engine never knows which process called it.', severity: 'error', from: { path: ENGINES, pathNot: TESTS }, to: { path: `${PROCESSES}|${DELIVERY}` } },
    { name: 'platform-knows-no-business', comment: 'Platform code knows no engine, process or delivery.', severity: 'error', from: { path: PLATFORM, pathNot: TESTS }, to: { path: `${ENGINES}|${PROCESSES}|${DELIVERY}|${API}|^lib/ops/` } },
    { name: 'delivery-not-processes', comment: 'Webhooks and notifications are used by processes, not the other way.', severity: 'error', from: { path: DELIVERY, pathNot: TESTS }, to: { path: `${PROCESSES}|${ENGINES}` } },
    { name: 'pages-not-db', comment: 'Pages and components go through lib functions, never the database.', severity: 'error', from: { path: '^(components/|app/.*/(page|layout)\\.tsx$)' }, to: { path: '^lib/platform/db/' } },
    {
      name: 'through-public-face',
      comment: "Across capabilities, import a capability's index.ts (its server face) or shared.ts (the part safe in a browser bundle); each file of lib/api/contracts is the public contract of one API area.",
      severity: 'error',
      from: { path: '^(lib/[^/]+/[^/]+|lib/ops|app|components)/', pathNot: TESTS },
      to: { path: '^lib/(platform|engines|processes|delivery|api)/[^/]+/', pathNot: ['^$1/', '^lib/[^/]+/[^/]+/(index|shared)\\.tsx?$', '^lib/api/contracts/'] },
    },
    {
      name: 'shared-stays-light',
      comment: 'A shared.ts face is vocabulary for the contracts and the browser: nothing it reaches opens the database or the job queue.',
      severity: 'error',
      from: { path: '/shared\\.ts$' },
      to: { path: '^lib/platform/(db|jobs)/', reachable: true },
    },
    { name: 'production-not-testing', comment: 'Test helpers (the hostile-input harness among them) stay out of the product.', severity: 'error', from: { pathNot: TESTS }, to: { path: '^lib/testing/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.next', '\\.scratch'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
