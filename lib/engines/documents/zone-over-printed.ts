import { isKnownName, PARTICLES } from './names-known';
import { mrzDate, type MrzRead } from './mrz';
import { checkDigit, LAYOUTS, type MrzFormat } from './mrz-layout';
import { zoneNumber } from './extract';
import { fold } from './text';
import type { OcrField, RecognizedType } from './types';

/**
 * A valid zone against the printed side of a passport or foreign document, once the printed fields are read. The zone's
 * check digits vouch for its document number and dates, so where the printed reading differs and fails the zone's check
 * digit for it (`SS094366` for `SO943667`, a number read shifted), the zone's value stands. Its names have no check digit: a printed name word gives
 * way to the zone's only where the lexicon knows the zone's word and not the printed one (`STILVA` for SILVA, `AFAEL`
 * for RAFAEL), or where the printed name lost words the zone keeps. Accents stay as printed: the zone has none.
 */
export function zoneOverPrinted(type: RecognizedType, fields: OcrField[], mrz: MrzRead | undefined): void {
  if (!mrz?.valid || (type !== 'PASSAPORTE' && type !== 'DOCUMENTO_ESTRANGEIRO')) return;
  const f = mrz.fields;
  const put = (key: string, value: string | undefined, check: string, asZoned: (printed: string) => string = (v) => v) => {
    const printed = fields.find((x) => x.key === key);
    // A printed value that passes the zone's check digit as well is as likely as the zone's, and stays: `VC516099` and
    // `VG516899` weigh alike (a zone misread twice over), and so do a birth date and the same day a century earlier.
    if (!printed || !value || printed.value === value || passes(mrz, check, asZoned(printed.value))) return;
    Object.assign(printed, { value, valid: true });
  };
  const held = zoneNumber(type, mrz);
  if (held) put(held.key, held.number, 'documentNumber');
  put('dataNascimento', mrzDate(f.birthDate, 'birth'), 'birthDate', yymmdd);
  put('validade', mrzDate(f.expirationDate, 'expiry'), 'expirationDate', yymmdd);
  if (type === 'PASSAPORTE' && f.issuingState === 'BRA' && !truncatedName(mrz)) {
    const printed = fields.find((x) => x.key === 'nome');
    const name = printed && nameByZone(printed.value, `${f.firstName ?? ''} ${f.lastName ?? ''}`);
    if (printed && name) printed.value = name;
  }
}

const yymmdd = (iso: string) => iso.replace(/-/g, '').slice(2);

/** Whether a value, as the zone would print it, passes the zone's own check digit for that field. */
function passes(mrz: MrzRead, name: string, value: string): boolean {
  const check = LAYOUTS[mrz.format as MrzFormat]?.checks.find((c) => c.name === name);
  if (!check) return false;
  const width = check.at[2] - check.at[1];
  // (A TD1 number longer than its field goes on in the optional data: not judged here.)
  if (value.length > width) return true;
  return checkDigit(value.padEnd(width, '<')) === mrz.lines[check.check[0]]?.[check.check[1]];
}

/** A name line filled to its last character may have been cut short: its words are not the whole name. */
const truncatedName = (mrz: MrzRead): boolean => {
  const line = mrz.lines[mrz.format === 'TD1' ? 2 : 0] ?? '';
  return !line.endsWith('<');
};

const known = (w: string) => isKnownName(w) || PARTICLES.has(fold(w));

/** The printed name with its words mended by the zone's, or undefined when the zone gives no reason to. */
export function nameByZone(printed: string | undefined, zone: string): string | undefined {
  const zoneWords = zone.split(/\s+/).filter(Boolean);
  const words = (printed ?? '').split(/\s+/).filter(Boolean);
  if (!printed || zoneWords.length < 2) return undefined;
  if (words.length === zoneWords.length) {
    const mended = words.map((w, k) => (fold(w) !== zoneWords[k] && !known(w) && known(zoneWords[k]!) ? zoneWords[k]! : w));
    return mended.join(' ');
  }
  // Fewer words printed, each of them the zone's in its order: the reading lost the others.
  const folded = words.map(fold);
  let at = 0;
  for (const z of zoneWords) if (folded[at] === z) at++;
  if (words.length < zoneWords.length && at === words.length && zoneWords.every(known)) {
    const spelt = new Map(words.map((w) => [fold(w), w]));
    return zoneWords.map((z) => spelt.get(z) ?? z).join(' ');
  }
  return undefined;
}
