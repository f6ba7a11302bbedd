import { discoverRoutes } from './routes';
import { hostileSuite } from './suite';

/**
 * Every route whose body is not a media upload: random and adversarial
 * requests, each a 4xx problem+json (or a legitimate success), never a 5xx.
 */
const routes = (await discoverRoutes()).filter((r) => r.contract?.body?.limit !== 'media');

hostileSuite({
  group: 'api',
  routes,
  runs: (r) => (r.shared ? 4 : r.contract?.operationId === 'authenticate' || r.contract?.operationId === 'oauthToken' ? 25 : 40),
  boundMs: () => 2_000,
});
