import { parse } from 'mrz';

export interface MrzRead {
  format: string;
  valid: boolean;
  lines: string[];
  fields: Record<string, string | null>;
  /** Where the zone is in the image that was read, when known. */
  bbox?: [number, number, number, number];
  conf?: number;
}

/** OCR lines that look like a machine-readable zone: long runs of capitals, digits and fillers. */
export function looksLikeMrz(text: string): boolean {
  const t = text.replace(/\s+/g, '');
  if (t.length < 25) return false;
  const fillers = (t.match(/[<«‹K]/g) ?? []).length;
  const ok = (t.match(/[A-Z0-9<«‹]/g) ?? []).length;
  return ok / t.length > 0.85 && fillers >= 3;
}

interface Candidate {
  text: string;
  /** A name line whose filler tail was rebuilt: its length no longer tells anything. */
  flexible: boolean;
}

/**
 * Cleans OCR lines into MRZ candidates (only A-Z, 0-9 and <). In a name line
 * (TD3 first line, TD1 third line) everything after the first run of three
 * fillers is filler: OCR often turns long filler runs into L, K or digits.
 */
function candidates(lines: string[]): Candidate[] {
  return lines
    .map((l) => l.toUpperCase().replace(/[«‹]/g, '<').replace(/\s+/g, '').replace(/[^A-Z0-9<]/g, ''))
    .filter((l) => l.length >= 28 && (l.match(/</g)?.length ?? 0) >= 2)
    .map((l) => {
      const nameLine = /^P[<A-Z]/.test(l) || (/^[A-Z]/.test(l) && !/\d/.test(l.split('<<<')[0] ?? l) && !/^(I|A|C)[<A-Z]BRA/.test(l));
      const cut = l.indexOf('<<<', 5);
      return nameLine && cut > 0 ? { text: l.slice(0, cut), flexible: true } : { text: l, flexible: false };
    });
}

/** Finds a TD1 (3x30) or TD3 (2x44) zone among OCR lines and parses it with check digits. */
export function readMrz(lines: string[]): MrzRead | undefined {
  const c = candidates(lines);
  for (const [count, width] of [[2, 44], [3, 30]] as const) {
    for (let i = 0; i + count <= c.length; i++) {
      const slice = c.slice(i, i + count);
      if (!slice.every((l) => (l.flexible ? l.text.length <= width : Math.abs(l.text.length - width) <= 2))) continue;
      const group = slice.map((l) => (l.text + '<'.repeat(width)).slice(0, width));
      try {
        const r = parse(group, { autocorrect: true });
        return { format: r.format, valid: r.valid, lines: group, fields: r.fields as Record<string, string | null> };
      } catch {
        // not this group
      }
    }
  }
  return undefined;
}

/** YYMMDD of a MRZ to ISO, with the century that makes sense for the field. */
export function mrzDate(yymmdd: string | null | undefined, kind: 'birth' | 'expiry'): string | undefined {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const now = new Date().getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > now ? 1900 : 2000) : 2000;
  return `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}
