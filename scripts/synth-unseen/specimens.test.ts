import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildZone, zoneCheckDigit, type ZoneInput } from './icao-zones';
import { generateSpecimen, SPECIMEN_FORMATS, specimenTruth, type SpecimenFormat, type SpecimenTruth } from './specimens';

/** The test's own check digit (ICAO 9303 Part 3, 4.9), so the zones are not judged by the code that built them. */
function cd(field: string): string {
  let sum = 0;
  [...field].forEach((c, i) => {
    const v = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * [7, 3, 1][i % 3]!;
  });
  return String(sum % 10);
}

const SHAPE: Record<SpecimenFormat, [number, number]> = { TD1: [3, 30], TD2: [2, 36], TD3: [2, 44], MRVA: [2, 44], MRVB: [2, 36] };
const unfill = (s: string) => s.replace(/<+/g, ' ').trim();

/** Every check digit of a zone, and the truth read back by position, independently of icao-zones.ts. */
function verify(t: SpecimenTruth): void {
  const [count, length] = SHAPE[t.format];
  const tag = `${t.format} ${t.lines.join(' / ')}`;
  expect(t.lines, tag).toHaveLength(count);
  for (const l of t.lines) {
    expect(l, tag).toHaveLength(length);
    expect(l, tag).toMatch(/^[A-Z0-9<]+$/);
  }
  let name: string;
  if (t.format === 'TD1') {
    const [l1, l2, l3] = t.lines as [string, string, string];
    if (l1[14] === '<') {
      // A number longer than 9: its end and check digit open the optional data (Part 5).
      const rest = /^([A-Z0-9]*?)(\d)</.exec(l1.slice(15) + '<')!;
      expect(t.documentNumber, tag).toBe(l1.slice(5, 14) + rest[1]);
      expect(t.documentNumber.length, tag).toBeGreaterThan(9);
      expect(rest[2], tag).toBe(cd(t.documentNumber));
    } else {
      expect(l1[14], tag).toBe(cd(l1.slice(5, 14)));
      expect(t.documentNumber, tag).toBe(l1.slice(5, 14).replace(/<+$/, ''));
    }
    expect(l2[6], tag).toBe(cd(l2.slice(0, 6)));
    expect(l2[14], tag).toBe(cd(l2.slice(8, 14)));
    expect(l2[29], tag).toBe(cd(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)));
    expect([t.documentCode, t.issuingState, t.birthDate, t.sex, t.expirationDate, t.nationality], tag).toEqual([l1.slice(0, 2), l1.slice(2, 5), l2.slice(0, 6), l2[7], l2.slice(8, 14), l2.slice(15, 18)]);
    name = l3;
  } else {
    const [l1, l2] = t.lines as [string, string];
    expect(l2[9], tag).toBe(cd(l2.slice(0, 9)));
    expect(l2[19], tag).toBe(cd(l2.slice(13, 19)));
    expect(l2[27], tag).toBe(cd(l2.slice(21, 27)));
    if (t.format === 'TD3') {
      const opt = l2.slice(28, 42);
      expect(l2[42] === cd(opt) || (/^<+$/.test(opt) && l2[42] === '<'), tag).toBe(true);
      expect(l2[43], tag).toBe(cd(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43)));
    }
    if (t.format === 'TD2') expect(l2[35], tag).toBe(cd(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 35)));
    expect([t.documentCode, t.issuingState, t.documentNumber, t.nationality, t.birthDate, t.sex, t.expirationDate], tag).toEqual([l1.slice(0, 2), l1.slice(2, 5), l2.slice(0, 9).replace(/<+$/, ''), l2.slice(10, 13), l2.slice(13, 19), l2[20], l2.slice(21, 27)]);
    name = l1.slice(5);
  }
  expect(t.format.startsWith('MRV') ? t.documentCode[0] : 'x', tag).toBe(t.format.startsWith('MRV') ? 'V' : 'x');
  const cut = name.indexOf('<<');
  expect(t.lastName, tag).toBe(unfill(cut < 0 ? name : name.slice(0, cut)));
  expect(t.firstName, tag).toBe(cut < 0 ? '' : unfill(name.slice(cut + 2)));
  expect(t.lastName, tag).toMatch(/^[A-Z]+( [A-Z]+)*$/);
  expect(t.documentNumber, tag).toMatch(/^[A-Z0-9]+$/);
  expect(t.birthDate, tag).toMatch(/^\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/);
  expect(t.expirationDate, tag).toMatch(/^\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/);
  expect(['M', 'F', '<']).toContain(t.sex);
}

describe('ICAO 9303 zones of the specimen generator', () => {
  const erika = { issuingState: 'UTO', nationality: 'UTO', primary: 'Eriksson', secondary: 'Anna María', birth: '740812', expiry: '120415', sex: 'F' } satisfies Partial<ZoneInput>;

  it('computes the published check digits', () => {
    expect(zoneCheckDigit('L898902C3')).toBe('6');
    expect(zoneCheckDigit('740812')).toBe('2');
    expect(zoneCheckDigit('120415')).toBe('9');
    expect(zoneCheckDigit('ZE184226B<<<<<')).toBe('1');
    expect(zoneCheckDigit('D23145890')).toBe('7');
    expect(zoneCheckDigit('<<<<<<<<<')).toBe('0');
  });

  it("writes ICAO 9303's own example zones from the same data", () => {
    expect(buildZone({ ...erika, format: 'TD3', documentCode: 'P', documentNumber: 'L898902C3', optional1: 'ZE184226B' })).toEqual(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']);
    expect(buildZone({ ...erika, format: 'TD1', documentCode: 'I', documentNumber: 'D23145890' })).toEqual(['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']);
    expect(buildZone({ ...erika, format: 'TD2', documentCode: 'I', documentNumber: 'D23145890' })).toEqual(['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6']);
    const visa = { ...erika, nationality: 'XXX', documentCode: 'V', documentNumber: 'L8988901C', birth: '400907', expiry: '961210' };
    expect(buildZone({ ...visa, format: 'MRVA', optional1: '6ZE184226B' })).toEqual(['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<']);
    expect(buildZone({ ...visa, format: 'MRVB' })).toEqual(['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<']);
    // Part 5: a 12-character number, its last 3 characters and check digit in the optional data.
    expect(buildZone({ ...erika, format: 'TD1', documentCode: 'I', documentNumber: 'D23145890734' })[0]).toBe('I<UTOD23145890<7349<<<<<<<<<<<');
  });

  it('transliterates and truncates names as Part 3 says', () => {
    const [l1] = buildZone({ ...erika, format: 'TD2', documentCode: 'ID', issuingState: 'D', nationality: 'D', documentNumber: 'T22000129', primary: "Müller-Lüdenscheidt d'Ørsted", secondary: 'Jürgen Klaus-Peter Maximilian' });
    // Umlauts and Ø as two letters, the apostrophe dropped, hyphens and spaces as fillers; no room left for the given names.
    expect(l1).toBe('IDD<<MUELLER<LUEDENSCHEIDT<DOERSTED<');
    const [, , l3] = buildZone({ ...erika, format: 'TD1', documentCode: 'ID', documentNumber: 'X1', primary: 'Núñez de Arco', secondary: 'María de los Ángeles' });
    expect(l3).toBe('NUNEZ<DE<ARCO<<MARIA<DE<LOS<AN');
  });

  it('builds valid zones with consistent truth for every format, with the variety asked for', () => {
    const seen = { overflow: 0, truncated: 0, unspecified: 0, states: new Set<string>(), codes: new Set<string>(), optional: 0 };
    const n = 120;
    for (const format of SPECIMEN_FORMATS) {
      for (let seed = 0; seed < n; seed++) {
        const t = specimenTruth(format, seed);
        expect(t.format).toBe(format);
        verify(t);
        seen.states.add(t.issuingState);
        seen.codes.add(t.documentCode);
        if (t.documentNumber.length > 9) seen.overflow++;
        if (t.sex === '<') seen.unspecified++;
        const name = t.format === 'TD1' ? t.lines[2]! : t.lines[0]!;
        if (!name.endsWith('<')) seen.truncated++;
        const l2 = t.lines[1]!;
        if (t.format !== 'TD1' && /[A-Z0-9]/.test(l2.slice(28, t.format === 'TD3' ? 42 : t.format === 'TD2' ? 35 : undefined))) seen.optional++;
      }
    }
    expect(seen.overflow).toBeGreaterThan(3);
    expect(seen.overflow).toBeLessThan(n * 0.3);
    expect(seen.truncated).toBeGreaterThan(10);
    expect(seen.unspecified).toBeGreaterThan(5);
    expect(seen.unspecified).toBeLessThan(n * 5 * 0.1);
    expect(seen.optional).toBeGreaterThan(20);
    expect(seen.states.size).toBeGreaterThan(15);
    expect(seen.states).toContain('D<<');
    for (const code of ['P<', 'I<', 'ID', 'AC', 'IR', 'V<', 'VB']) expect(seen.codes, code).toContain(code);
  });
});

describe('scanned specimens', () => {
  it('scans every format as a decodable JPEG of plausible size whose truth is the drawn zone', async () => {
    for (const format of SPECIMEN_FORMATS) {
      const { image, truth, look } = await generateSpecimen(format, 3);
      expect(image.subarray(0, 2).toString('hex')).toBe('ffd8');
      const meta = await sharp(image).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width!).toBeGreaterThanOrEqual(600);
      expect(meta.width!).toBeLessThanOrEqual(1600);
      expect(meta.height!).toBeGreaterThan(300);
      expect(meta.height!).toBeLessThan(2600);
      expect(look.widthPx).toBe(meta.width);
      expect(look.mrzCapPx as number).toBeGreaterThanOrEqual(9.9);
      expect(look.mrzCapPx as number).toBeLessThanOrEqual(30.1);
      expect(Math.abs(look.rotationDeg as number)).toBeLessThanOrEqual(2);
      expect(look.jpegQuality as number).toBeGreaterThanOrEqual(60);
      expect(look.jpegQuality as number).toBeLessThanOrEqual(92);
      expect(truth).toEqual(specimenTruth(format, 3));
      verify(truth);
    }
  }, 60_000);

  it('is deterministic: the same bytes for the same format and seed, others for another seed', async () => {
    const a = await generateSpecimen('TD1', 21);
    const b = await generateSpecimen('TD1', 21);
    const c = await generateSpecimen('TD1', 22);
    expect(a.image.equals(b.image)).toBe(true);
    expect(a.look).toEqual(b.look);
    expect(c.image.equals(a.image)).toBe(false);
  }, 60_000);
});
