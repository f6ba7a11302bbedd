import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrPool } from '../ocr';
import type { Grey } from './box';
import { drawnPage } from './drawn-page';
import { culprits, flagImplausibleDate, implausibilities, maxValidity } from './dates-plausible';
import { checkDatePlausibility } from './dates-reread';
import type { OcrField } from './types';

const TODAY = new Date('2026-11-25T12:00:00Z');

describe('dates that can be true together', () => {
  it('accepts an ordinary CNH', () => {
    expect(implausibilities('CNH_FRENTE', { birth: '1985-05-13', firstLicence: '2004-02-01', issue: '2022-03-10', expiry: '2032-03-01' }, TODAY)).toEqual([]);
  });

  it('rejects an age over 120 or a birth in the future, and an issue in the future', () => {
    expect(implausibilities('RG_VERSO', { birth: '1885-05-13' }, TODAY)).toContain('age outside 0-120');
    expect(implausibilities('RG_VERSO', { birth: '2085-05-13' }, TODAY)).toContain('age outside 0-120');
    expect(implausibilities('RG_VERSO', { birth: '1985-05-13', issue: '2029-01-01' }, TODAY)).toContain('issued in the future');
  });

  it('wants birth before first licence (at 18) before issue before expiry', () => {
    expect(implausibilities('CNH_FRENTE', { birth: '1995-05-13', issue: '1990-01-01' }, TODAY)).toContain('issued before birth');
    expect(implausibilities('CNH_FRENTE', { birth: '1995-05-13', firstLicence: '2005-01-01' }, TODAY)).toContain('first licence before 18');
    expect(implausibilities('CNH_FRENTE', { birth: '1980-05-13', issue: '2023-01-01', expiry: '2022-01-01' }, TODAY)).toContain('expires before it was issued');
  });

  it('knows how long each document is valid at the holder age', () => {
    expect(maxValidity('CNH_FRENTE', 36, '2022-03-10')).toBe(10);
    expect(maxValidity('CNH_FRENTE', 66, '2022-03-10')).toBe(5);
    expect(maxValidity('CNH_FRENTE', 36, '2019-03-10')).toBe(5);
    expect(maxValidity('PASSAPORTE', 10, '2022-03-10')).toBe(5);
    expect(maxValidity('RG_VERSO', 30, '2022-03-10')).toBeUndefined();
    // Born 1955, 67 at issue: a CNH valid ten years cannot be.
    expect(implausibilities('CNH_FRENTE', { birth: '1955-05-13', issue: '2022-03-10', expiry: '2032-03-01' }, TODAY)).toEqual(['valid longer than 5 years']);
  });

  it('names the date whose value alone breaks the set', () => {
    expect(culprits('CNH_FRENTE', { birth: '1985-05-13', firstLicence: '2004-02-01', issue: '2022-03-10', expiry: '2032-03-01' }, TODAY)).toEqual([]);
    expect(culprits('RG_VERSO', { birth: '2095-05-13', issue: '2010-01-01' }, TODAY)).toEqual(['birth']);
  });
});

/** A CNH-like page: the three dates printed in a row; the grey page and each date's box. */
function page(birth: string): { page: Grey; boxes: [number, number, number, number][] } {
  const boxes: [number, number, number, number][] = [];
  const drawn = drawnPage(1200, 160, (ctx) => {
    ctx.font = 'bold 36px sans-serif';
    [birth, '10/03/2022', '01/03/2032'].forEach((t, i) => {
      const x = 40 + i * 400;
      ctx.fillText(t, x, 100);
      boxes.push([x, 100 - 27, Math.ceil(ctx.measureText(t).width), 27]);
    });
  });
  return { page: drawn, boxes };
}

const fieldsOf = (birth: string, boxes: [number, number, number, number][]): OcrField[] => [
  { key: 'dataNascimento', value: birth, conf: 85, bbox: boxes[0]! },
  { key: 'dataEmissao', value: '2022-03-10', conf: 90, bbox: boxes[1]! },
  { key: 'validade', value: '2032-03-01', conf: 90, bbox: boxes[2]! },
];

afterAll(async () => closeOcrPool());

describe('an implausible date read again', () => {
  it('replaces a birth year read 1955 by the printed 1985, which makes the set plausible', async () => {
    const { page: p, boxes } = page('13/05/1985');
    const fields = fieldsOf('1955-05-13', boxes);
    expect(await checkDatePlausibility(p, fields, 'CNH_FRENTE', TODAY)).toEqual([]);
    expect(fields[0]!.value).toBe('1985-05-13');
  });

  it('keeps the reading when the re-read does not make the set plausible (the document itself says 1955)', async () => {
    const { page: p, boxes } = page('13/05/1955');
    const fields = fieldsOf('1955-05-13', boxes);
    expect(await checkDatePlausibility(p, fields, 'CNH_FRENTE', TODAY)).toEqual(['valid longer than 5 years']);
    expect(fields[0]!.value).toBe('1955-05-13');
  });

  it('leaves a plausible set alone', async () => {
    const { page: p, boxes } = page('13/05/1975');
    const fields = fieldsOf('1985-05-13', boxes);
    expect(await checkDatePlausibility(p, fields, 'CNH_FRENTE', TODAY)).toEqual([]);
    expect(fields[0]!.value).toBe('1985-05-13');
  });
});

describe('a date that stays implausible', () => {
  it('is kept as read and flagged not valid when it alone breaks the set (an issue in the future)', () => {
    const fields: OcrField[] = [
      { key: 'dataExpedicao', value: '2030-06-08', conf: 80, bbox: [0, 0, 10, 10], valid: true },
      { key: 'dataNascimento', value: '1965-01-02', conf: 90, bbox: [0, 20, 10, 10], valid: true },
    ];
    expect(flagImplausibleDate(fields, 'RG_ABERTO', TODAY)).toBe('dataExpedicao');
    expect(fields.map((f) => [f.value, f.valid])).toEqual([['2030-06-08', false], ['1965-01-02', true]]);
  });

  it('flags none when the evidence cannot tell which date is wrong, or when the set can be true', () => {
    // Born 1955, a CNH valid ten years from 2022: the birth, the issue or the expiry may be the misread one.
    const three: OcrField[] = [
      { key: 'dataNascimento', value: '1955-05-13', conf: 85, bbox: [0, 0, 10, 10], valid: true },
      { key: 'dataEmissao', value: '2022-03-10', conf: 90, bbox: [0, 20, 10, 10], valid: true },
      { key: 'validade', value: '2032-03-01', conf: 90, bbox: [0, 40, 10, 10], valid: true },
    ];
    expect(flagImplausibleDate(three, 'CNH_FRENTE', TODAY)).toBeUndefined();
    expect(three.every((f) => f.valid)).toBe(true);
    const plausible = [{ key: 'dataNascimento', value: '1985-05-13', valid: true }];
    expect(flagImplausibleDate(plausible, 'RG_VERSO', TODAY)).toBeUndefined();
    expect(plausible[0]!.valid).toBe(true);
  });
});
