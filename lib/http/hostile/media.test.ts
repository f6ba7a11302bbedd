import { discoverRoutes } from './routes';
import { hostileSuite } from './suite';

/**
 * The file endpoints (OCR, face, fraud, enrolment, document and selfie
 * capture): fewer runs, nearly all with hostile files (truncated, polyglot,
 * pixel floods, PDFs with JavaScript or thousands of pages).
 */
const routes = (await discoverRoutes()).filter((r) => r.contract?.body?.limit === 'media');

hostileSuite({
  group: 'media',
  routes,
  runs: () => 10,
  boundMs: () => 15_000,
  filesFocus: true,
});
