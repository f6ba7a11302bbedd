/** One rendering of a moment on the server and in the browser (no time-zone mismatch on hydration). */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** A duration in seconds, as people say it. */
export function formatSeconds(s: number | null): string {
  if (s === null) return '—';
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 5400) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

/** Colours per status (each ≥ 3:1 against white, as graphics must be). */
export const STATUS_COLOURS: Record<string, string> = {
  DONE: '#0f766e',
  RESOLVED: '#1d4ed8',
  ANALYSIS: '#b45309',
  REJECTED: '#b91c1c',
  BLACKLISTED: '#581c87',
  ERROR: '#be185d',
  CANCELED: '#475569',
  PENDING: '#4d7c0f',
  PROCESSING: '#0369a1',
  STARTED: '#6d28d9',
};
