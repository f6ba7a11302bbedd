/** Brazil's civil time zone for timestamps sent without an offset (SPEC 4.19 shows `2026-11-25T10:00:00`). */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?$/;
const parts = new Intl.DateTimeFormat('en-US', { timeZone: BRAZIL_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Minutes east of UTC in São Paulo at an instant (-180 today; -120 in the summers before 2019). */
function offsetAt(utcMs: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A zone-less local date-time read as São Paulo wall-clock time, returned with
 * its offset (`2026-11-25T10:00:00-03:00`); undefined when it is not one.
 */
export function withBrazilOffset(local: string): string | undefined {
  const m = LOCAL.exec(local);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '00', frac = ''] = m;
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d! || +h! > 23 || +mi! > 59 || +s > 59) return undefined;
  // Two passes settle the offset at the instant the wall time names (DST edges included).
  let offset = offsetAt(wall + 180 * 60_000);
  offset = offsetAt(wall - offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${frac}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
