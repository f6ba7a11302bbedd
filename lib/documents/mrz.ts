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

/**
 * Versions of a data line one character too long or short (OCR drops or
 * doubles fillers): each single insertion of a filler or deletion of a
 * character that brings it to the width; at the right length, each filler
 * misread as a character beside other fillers. Few variants on purpose: every
 * variant is another chance for wrong data to pass the mod-10 check digits.
 */
function repairs(line: string, width: number): string[] {
  // Same length: a filler misread as a letter or digit next to other fillers.
  if (line.length === width) {
    const out = [line];
    for (let i = 0; i < width; i++) if (line[i] !== '<' && (line[i - 1] === '<' || line[i + 1] === '<')) out.push(line.slice(0, i) + '<' + line.slice(i + 1));
    return out;
  }
  if (line.length === width - 1) return Array.from({ length: width }, (_, i) => line.slice(0, i) + '<' + line.slice(i));
  if (line.length === width + 1) return Array.from({ length: line.length }, (_, i) => line.slice(0, i) + line.slice(i + 1));
  if (line.length > width + 1 && line.length <= width + 3) {
    // Chevrons split into stray characters: drop characters standing near fillers, one at a time.
    let level = new Set([line]);
    while ([...level][0]!.length > width) {
      const next = new Set<string>();
      const nearFiller = (l: string, i: number) => [-2, -1, 1, 2].some((d) => l[i + d] === '<');
      for (const l of level) for (let i = 0; i < l.length; i++) if (l[i] !== '<' && nearFiller(l, i)) next.add(l.slice(0, i) + l.slice(i + 1));
      if (next.size === 0) break;
      level = next;
    }
    return [...level].filter((l) => l.length === width);
  }
  return [(line + '<'.repeat(width)).slice(0, width)];
}

function tryParse(group: string[]): MrzRead | undefined {
  try {
    const r = parse(group, { autocorrect: true });
    return { format: r.format, valid: r.valid, lines: group, fields: r.fields as Record<string, string | null> };
  } catch {
    return undefined;
  }
}

/**
 * Finds a TD1 (3x30) or TD3 (2x44) zone among OCR lines and parses it with
 * check digits. A line off by one character is repaired by the version whose
 * check digits pass (the check digits tell which filler went missing).
 */
export function readMrz(lines: string[]): MrzRead | undefined {
  const c = candidates(lines);
  for (const [count, width] of [[2, 44], [3, 30]] as const) {
    for (let i = 0; i + count <= c.length; i++) {
      const slice = c.slice(i, i + count);
      if (!slice.every((l) => (l.flexible ? l.text.length <= width : l.text.length - width >= -2 && l.text.length - width <= 3))) continue;
      const padded = slice.map((l) => (l.text + '<'.repeat(width)).slice(0, width));
      const first = tryParse(padded);
      if (!first || first.valid) {
        if (first) return first;
        continue;
      }
      // Repair the data lines (all but the flexible name line), at most a few thousand parses.
      const options = slice.map((l, k) => (l.flexible ? [padded[k]!] : repairs(l.text, width)));
      let found: MrzRead | undefined;
      const walk = (k: number, acc: string[]) => {
        if (found) return;
        if (k === options.length) {
          const r = tryParse(acc);
          if (r?.valid) found = r;
          return;
        }
        for (const o of options[k]!) walk(k + 1, [...acc, o]);
      };
      if (options.reduce((n, o) => n * o.length, 1) <= 3000) walk(0, []);
      return found ?? first;
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
