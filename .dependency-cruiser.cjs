/**
 * Import rules (issue 26; docs/architecture.md). `npm run check:deps` runs them in `npm test`.
 * Layers point one way: routes -> processes -> engines -> platform. Tests and the
 * composition root (lib/ops) may reach anything; production code never reaches lib/testing.
 */
const ENGINES = '^lib/(media|ocr|documents|face|fraud|formalistic|qr|br|signal|datavalid)/';
const PROCESSES = '^lib/(onboarding|steps|batch)/';
const DELIVERY = '^lib/(webhooks|notify)/';
const PLATFORM = '^lib/(config|db|jobs|workers|auth|http|crypto|log|storage|errors|i18n|settings)/';
const TESTS = '(\\.test\\.tsx?$|^lib/testing/|^e2e/|^bench/|^scripts/)';

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'No import cycles between files.', severity: 'error', from: {}, to: { circular: true } },
    { name: 'engines-not-processes', comment: 'An engine never knows which process called it.', severity: 'error', from: { path: ENGINES, pathNot: TESTS }, to: { path: `${PROCESSES}|${DELIVERY}` } },
    { name: 'platform-knows-no-business', comment: 'Platform code knows no engine, process or delivery.', severity: 'error', from: { path: PLATFORM, pathNot: TESTS }, to: { path: `${ENGINES}|${PROCESSES}|${DELIVERY}|^lib/(ops|contracts|console|admin|formalistic)/` } },
    { name: 'delivery-not-processes', comment: 'Webhooks and notifications are used by processes, not the other way.', severity: 'error', from: { path: DELIVERY, pathNot: TESTS }, to: { path: `${PROCESSES}|${ENGINES}` } },
    { name: 'pages-not-db', comment: 'Pages and components go through lib functions, never the database.', severity: 'error', from: { path: '^(components/|app/.*/(page|layout)\\.tsx$)' }, to: { path: '^lib/db/' } },
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
