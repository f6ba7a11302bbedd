/**
 * Whether the dates read from one document can all be true together: birth
 * before first licence before issue before expiry, an age of 0 to 120, no
 * issue in the future, and an expiry no further from the issue than the
 * document's validity allows at the holder's age. A misread digit (a birth
 * year 1985 read 1955) often breaks one of these; the field that does is the
 * one worth reading again.
 */

import { isIsoDate } from './normalize';

/** The dates of one document, ISO yyyy-mm-dd. */
export interface DocumentDates {
  birth?: string;
  firstLicence?: string;
  issue?: string;
  expiry?: string;
}

/** Field keys of each date. */
export const DATE_FIELDS: Record<keyof DocumentDates, string[]> = {
  birth: ['dataNascimento'],
  firstLicence: ['primeiraHabilitacao'],
  issue: ['dataEmissao', 'dataExpedicao'],
  expiry: ['validade'],
};

/** The dates of a document's fields (ISO values only; the first field of each kind). */
export function datesOfFields(fields: readonly { key: string; value: string }[]): DocumentDates {
  const out: DocumentDates = {};
  for (const [k, keys] of Object.entries(DATE_FIELDS) as [keyof DocumentDates, string[]][]) {
    const f = fields.find((x) => keys.includes(x.key) && isIsoDate(x.value));
    if (f) out[k] = f.value;
  }
  return out;
}

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
/** Slack on validity spans: an expiry counts from the medical exam, which can precede the card's issue by weeks. */
const SLACK = 90 * DAY;

const time = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const years = (from: string, to: string) => (time(to) - time(from)) / YEAR;

/**
 * Longest validity (years) a document of this kind is issued with, at the
 * holder's age on the issue date; undefined when no limit is known.
 * CNH: Lei 14.071/2020 (from 12 April 2021) 10 years under 50, 5 under 70,
 * 3 from 70; before it 5 years under 65, 3 from 65. Passport: 10 years, 5
 * for minors. CIN: 10 years, 5 under 12. (The old RG has no expiry.)
 */
export function maxValidity(type: string, age: number | undefined, issue: string | undefined): number | undefined {
  if (type.startsWith('CNH')) {
    if (issue && issue < '2021-04-12') return age !== undefined && age >= 65 ? 3 : 5;
    if (age === undefined) return 10;
    return age < 50 ? 10 : age < 70 ? 5 : 3;
  }
  if (type === 'PASSAPORTE') return age !== undefined && age < 18 ? 5 : 10;
  if (type.startsWith('CIN')) return age !== undefined && age < 12 ? 5 : 10;
  return undefined;
}

/** The rules the dates break (empty when they can all be true), as of `today`. */
export function implausibilities(type: string, d: DocumentDates, today: Date = new Date()): string[] {
  const now = today.toISOString().slice(0, 10);
  const out: string[] = [];
  if (d.birth) {
    const age = years(d.birth, now);
    if (age < 0 || age > 120) out.push('age outside 0-120');
  }
  if (d.issue && d.issue > now) out.push('issued in the future');
  if (d.firstLicence && d.firstLicence > now) out.push('first licence in the future');
  if (d.birth && d.issue && d.issue < d.birth) out.push('issued before birth');
  // A driving licence is first granted at 18.
  if (d.birth && d.firstLicence && years(d.birth, d.firstLicence) < 18 - 1 / 12) out.push('first licence before 18');
  if (d.firstLicence && d.issue && d.issue < d.firstLicence) out.push('issued before the first licence');
  if (d.expiry) {
    const since = d.issue ?? d.firstLicence ?? d.birth;
    if (since && d.expiry <= since) out.push('expires before it was issued');
    if (d.issue) {
      const age = d.birth ? years(d.birth, d.issue) : undefined;
      const max = maxValidity(type, age, d.issue);
      if (max !== undefined && time(d.expiry) - time(d.issue) > max * YEAR + SLACK) out.push(`valid longer than ${max} years`);
    } else {
      const max = maxValidity(type, undefined, undefined);
      if (max !== undefined && time(d.expiry) - today.getTime() > max * YEAR + SLACK) out.push(`expires more than ${max} years from now`);
    }
  }
  return out;
}

/**
 * The dates whose value alone makes the set implausible: leaving it out
 * leaves the others plausible. Several when the evidence cannot tell which.
 */
export function culprits(type: string, d: DocumentDates, today: Date = new Date()): (keyof DocumentDates)[] {
  if (implausibilities(type, d, today).length === 0) return [];
  return (Object.keys(d) as (keyof DocumentDates)[]).filter((k) => d[k] && implausibilities(type, { ...d, [k]: undefined }, today).length === 0);
}

/**
 * A date that still cannot be true with the others after it was read again (the one date whose value alone
 * breaks the set: an issue in the future, an age over 120) is kept as read but flagged `valid: false`, so no
 * one takes it for vouched for (a date read off the page is otherwise `valid: true`). When several dates could
 * be the wrong one, none is flagged: the evidence does not say which. Returns the key flagged.
 */
export function flagImplausibleDate(fields: { key: string; value: string; valid?: boolean }[], type: string, today: Date = new Date()): string | undefined {
  const dates = datesOfFields(fields);
  const suspects = culprits(type, dates, today);
  if (suspects.length !== 1) return undefined;
  const which = suspects[0]!;
  const field = fields.find((f) => DATE_FIELDS[which].includes(f.key) && f.value === dates[which]);
  if (!field) return undefined;
  field.valid = false;
  return field.key;
}
