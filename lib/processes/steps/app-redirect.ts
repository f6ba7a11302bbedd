// The appRedirect checks, pure: the contracts validate with them, the flow resolves paths with them.

/** Schemes that would run code or read local data if a browser followed them. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem', 'view-source', 'chrome', 'ws', 'wss', 'ftp']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why an appRedirect is unacceptable at start, or undefined. A path needs the integrator's app origin. */
export function appRedirectProblem(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'must not be empty';
  if (/[\u0000-\u001f\u007f\s\\]/.test(v)) return 'must not contain spaces, control characters or backslashes';
  if (v.startsWith('//')) return 'must not be protocol-relative';
  if (v.startsWith('/')) return undefined; // application path
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(v)?.[1]?.toLowerCase();
  if (!scheme) return 'must be a full URL (https or an app scheme such as myapp://done) or a path starting with /';
  if (FORBIDDEN_SCHEMES.has(scheme)) return `must not use the ${scheme}: scheme`;
  if (scheme === 'https') {
    try {
      return new URL(v).hostname ? undefined : 'must include a host';
    } catch {
      return 'is not a valid URL';
    }
  }
  if (scheme === 'http') {
    try {
      const host = new URL(v).host.replace(/:\d+$/, '');
      return LOOPBACK_HOSTS.has(host) ? undefined : 'must use https (plain http only for localhost)';
    } catch {
      return 'is not a valid URL';
    }
  }
  // A custom app scheme (deep link into a mobile app).
  return /^[a-z][a-z0-9+.-]*:\/\/?[^\s]*$/i.test(v) ? undefined : 'is not a valid app link';
}

/** The absolute target of an appRedirect: paths are resolved against the integrator's app origin. */
export function resolveAppRedirect(value: string, appOrigin: string | null | undefined): string | undefined {
  const v = value.trim();
  if (!v.startsWith('/')) return v;
  if (!appOrigin) return undefined;
  return new URL(v, appOrigin).toString();
}
