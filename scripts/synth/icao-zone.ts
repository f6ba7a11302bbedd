/**
 * Valid ICAO 9303 zones of every format: ICAO's own published examples, and
 * random holders of many states composed with correct check digits.
 */
import type { MrzFormat } from '../../lib/engines/documents/mrz-layout';
import { mrzCheck } from './mrz';
import { rng, type Rng } from './random';

/** ICAO 9303 Parts 4-7 example zones (ERIKSSON, Utopia). */
export const ICAO_EXAMPLES: Record<MrzFormat, string[]> = {
  TD1: ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'],
  TD2: ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
  TD3: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  MRVA: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'],
  MRVB: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'],
};

export interface ZoneTruth {
  format: MrzFormat;
  lines: string[];
  documentNumber: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  expirationDate: string;
  sex: 'M' | 'F';
  nationality: string;
  issuingState: string;
}

const STATES = ['UTO', 'D<<', 'FRA', 'ITA', 'ESP', 'PRT', 'ARG', 'USA', 'GBR', 'NLD', 'CAN', 'JPN', 'CHN', 'IND', 'MEX', 'COL', 'CHL', 'URY', 'PRY', 'BRA', 'AUS', 'NZL', 'ZAF', 'NGA', 'KOR', 'BEL', 'CHE', 'SWE', 'POL', 'UKR'];
const SURNAMES = ['ERIKSSON', 'MUELLER', 'DUBOIS', 'ROSSI', 'GARCIA', 'FERREIRA', 'SMITH', 'VAN<DER<BERG', 'TANAKA', 'WANG', 'KUMAR', 'HERNANDEZ', 'OKAFOR', 'KIM', 'NOWAK', 'SHEVCHENKO', 'O<BRIEN', 'DE<LA<CRUZ', 'JOHANSSON', 'PETERS', 'SILVA<SANTOS', 'MARTINEZ<LOPEZ', 'ABDULLAH', 'NGUYEN'];
const GIVEN = ['ANNA<MARIA', 'JOHN', 'PIERRE<LOUIS', 'GIULIA', 'JOSE<ANTONIO', 'YUKI', 'WEI', 'PRIYA', 'CHIDI', 'MIN<JUN', 'OLGA', 'LUCAS', 'SOFIA', 'MOHAMMED', 'EMMA<LOUISE', 'KAREN', 'THIAGO', 'INGRID', 'AHMED', 'ELENA'];

const pad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);
const date = (r: Rng, from: number, to: number) => `${String(r.int(from, to) % 100).padStart(2, '0')}${String(r.int(1, 12)).padStart(2, '0')}${String(r.int(1, 28)).padStart(2, '0')}`;

/** A document number: letters and digits, 7 to 9 long. */
function number(r: Rng): string {
  const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  return Array.from({ length: r.int(7, 9) }, (_, i) => (i === 0 || r.chance(0.3) ? chars[r.int(0, chars.length - 1)] : String(r.int(0, 9)))).join('');
}

/** A random holder's zone in the given format, every check digit right. */
export function randomZone(format: MrzFormat, r: Rng): ZoneTruth {
  const state = r.pick(STATES);
  const nationality = r.chance(0.8) ? state : r.pick(STATES);
  const lastName = r.pick(SURNAMES);
  const firstName = r.pick(GIVEN);
  const doc = pad(number(r), 9);
  const birth = date(r, 1940, 2015);
  const expiry = date(r, 2025, 2039);
  const sex = r.pick(['M', 'F'] as const);
  const visa = format === 'MRVA' || format === 'MRVB';
  const code = format === 'TD3' ? 'P<' : visa ? 'V<' : r.pick(['I<', 'ID', 'IR', 'AR', 'C<']);
  const truth = { format, documentNumber: doc.replace(/</g, ''), lastName: lastName.replace(/</g, ' '), firstName: firstName.replace(/</g, ' '), birthDate: birth, expirationDate: expiry, sex, nationality: nationality.replace(/</g, ''), issuingState: state.replace(/</g, '') };
  const name = (n: number) => pad(`${lastName}<<${firstName}`, n);
  const core = `${doc}${mrzCheck(doc)}${nationality}${birth}${mrzCheck(birth)}${sex}${expiry}${mrzCheck(expiry)}`;
  // Optional data used to the end (states print serials and personal numbers there): a data line with no filler at all.
  // On its own stream, drawn from the holder: the pages of every seed keep the look they had before it.
  const own = rng(Number(birth) * 31 + Number(expiry));
  const full = (n: number): string | undefined => (own.chance(0.25) ? Array.from({ length: n }, (_, i) => (i % 4 === 0 ? String.fromCharCode(65 + own.int(0, 25)) : String(own.int(0, 9)))).join('') : undefined);
  if (format === 'TD1') {
    const serial = r.chance(0.5) ? String(r.int(100000, 999999)) : '';
    const l1 = pad(`${code}${state}${doc}${mrzCheck(doc)}${full(15) ?? serial}`, 30);
    const l2 = pad(`${birth}${mrzCheck(birth)}${sex}${expiry}${mrzCheck(expiry)}${nationality}${full(11) ?? ''}`, 29);
    const composite = l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
    return { ...truth, lines: [l1, l2 + mrzCheck(composite), name(30)] };
  }
  const width = format === 'TD3' || format === 'MRVA' ? 44 : 36;
  const l1 = `${code}${state}${name(width - 5)}`;
  if (visa) return { ...truth, lines: [l1, pad(core + (full(width - 28) ?? ''), width)] };
  if (format === 'TD2') {
    const usual = pad(r.chance(0.3) ? String(r.int(1000, 9999)) : '', 7);
    const opt = full(7) ?? usual;
    const l2 = core + opt;
    return { ...truth, lines: [l1, l2 + mrzCheck(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 35))] };
  }
  const usual = pad(r.chance(0.5) ? `${String.fromCharCode(65 + r.int(0, 25))}${r.int(100000, 9999999)}` : '', 14);
  const personal = full(14) ?? usual;
  const l2 = `${core}${personal}${mrzCheck(personal)}`;
  return { ...truth, lines: [l1, l2 + mrzCheck(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43))] };
}

/** The truth of one of ICAO's example zones. */
export function exampleZone(format: MrzFormat): ZoneTruth {
  const visa = format === 'MRVA' || format === 'MRVB';
  return {
    format,
    lines: ICAO_EXAMPLES[format],
    documentNumber: visa ? 'L8988901C' : format === 'TD3' ? 'L898902C3' : 'D23145890',
    lastName: 'ERIKSSON',
    firstName: 'ANNA MARIA',
    birthDate: visa ? '400907' : '740812',
    expirationDate: visa ? '961210' : '120415',
    sex: 'F',
    nationality: visa ? 'XXX' : 'UTO',
    issuingState: 'UTO',
  };
}
