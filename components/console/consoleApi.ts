import { consoleT } from '@/lib/platform/i18n/shared';

/** An error answer of the JSON API (problem+json), as the console shows it. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * The console's call to the JSON API: the session cookie goes along (same
 * origin), the browser adds Origin to state changes, nothing is cached.
 */
export async function consoleApi<T>(path: string, options: { method?: string; json?: unknown } = {}): Promise<T> {
  // The page's language (the root layout writes the console's choice into <html lang>).
  const t = consoleT(document.documentElement.lang === 'en' ? 'en' : 'pt-BR');
  const res = await fetch(path, {
    method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
    headers: options.json === undefined ? undefined : { 'content-type': 'application/json' },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    cache: 'no-store',
  }).catch(() => undefined);
  if (!res) throw new ApiProblem(0, undefined, t('The service did not answer; try again.'));
  if (res.status === 401) window.location.assign('/console/login');
  if (!res.ok) {
    const problem = (await res.json().catch(() => ({}))) as { code?: string; detail?: string };
    throw new ApiProblem(res.status, problem.code, problem.detail ?? t('The service answered {status}.', { status: res.status }));
  }
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A timestamp the same on server and browser (no locale, no hydration mismatch). */
export const formatWhen = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '—');

/** Server data as the browser receives it: dates as ISO strings. */
export const asJson = <T,>(value: T) => JSON.parse(JSON.stringify(value)) as Jsonified<T>;
export type Jsonified<T> = T extends Date ? string : T extends (infer U)[] ? Jsonified<U>[] : T extends object ? { [K in keyof T]: Jsonified<T[K]> } : T;
