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
  // Twice MEDIA_DECODE_TIMEOUT_SECONDS (15 s): a decode may take that long, then OCR or face detection runs.
  boundMs: () => 30_000,
  filesFocus: true,
});
