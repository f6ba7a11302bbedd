import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrPool, type OcrLine } from '../ocr';
import type { Box, Grey } from './box';
import { cpfFragments, rescueMissingCpf } from './cpf-rescue';
import { drawnPage } from './drawn-page';
import type { OcrField } from './types';

const lineOf = (words: [string, Box][]): OcrLine => ({ text: words.map((w) => w[0]).join(' '), conf: 80, bbox: words[0]![1], words: words.map(([text, bbox]) => ({ text, conf: 80, bbox })) });

/** A birthplace and a CPF printed on one line (as an RG's data side prints them); the page and each one's box. */
function printed(place: string, cpf: string): { page: Grey; placeBox: Box; cpfBox: Box } {
  const cpfX = 460;
  let box = (x: number, text: string): Box => [x, 0, text.length, 0];
  const page = drawnPage(900, 160, (ctx) => {
    ctx.font = 'bold 34px sans-serif';
    ctx.fillText(place, 40, 100);
    ctx.fillText(cpf, cpfX, 100);
    box = (x, text) => [x, 100 - 26, Math.ceil(ctx.measureText(text).width), 26];
  });
  return { page, placeBox: box(40, place), cpfBox: box(cpfX, cpf) };
}

/** The page reading of the CPF broken as seen on photos: a 5 taken for a sign, the check digits lost. */
function brokenReading(placeBox: Box, cpfBox: Box): OcrLine {
  const [x, y, w, h] = cpfBox;
  const piece = (from: number, to: number): Box => [Math.round(x + w * from), y, Math.round(w * (to - from)), h];
  return lineOf([
    ['BRASILIA-SE', placeBox],
    ['$00', piece(0, 0.2)],
    ['220', piece(0.27, 0.47)],
    ['078.', piece(0.54, 0.76)],
  ]);
}

afterAll(async () => closeOcrPool());

describe('where a broken CPF may stand', () => {
  const h = 26;
  it('finds runs of digit groups and reaches right for the fourteen characters of a printed CPF', () => {
    const line = lineOf([
      ['BRASILIA-SE', [40, 74, 200, h]],
      ['$00', [460, 74, 50, h]],
      ['220', [520, 74, 50, h]],
      ['078.', [580, 74, 60, h]],
    ]);
    const [box] = cpfFragments([line]);
    expect(box).toBeDefined();
    // From the run's start (less a margin), wide enough for 14 characters: the run is 12 characters over 180 px.
    expect(box![0]).toBeLessThan(460);
    expect(box![0] + box![2]).toBeGreaterThan(460 + (180 / 12) * 14);
    // Brackets and colons at a word's ends are print or specks around the digits.
    expect(cpfFragments([lineOf([['049.540-069-7)', [300, 74, 250, h]]])])).toHaveLength(1);
  });

  it('stops short of the next word, but not of specks', () => {
    const line = lineOf([
      ['905.140.9', [100, 74, 140, h]],
      ['::', [250, 74, 10, h]],
      ['DATA', [300, 74, 60, h]],
    ]);
    const [box] = cpfFragments([line]);
    expect(box![0] + box![2]).toBeLessThanOrEqual(300);
    expect(box![0] + box![2]).toBeGreaterThan(260);
  });

  it('leaves alone a date, a plain number and a short run', () => {
    const lines = [lineOf([['25/07/2007', [10, 10, 160, h]]]), lineOf([['53028519', [10, 60, 130, h]]]), lineOf([['12.3', [10, 110, 50, h]]])];
    expect(cpfFragments(lines)).toEqual([]);
  });
});

describe('a CPF the page reading did not find', () => {
  it('is read again where its broken digits stand, and taken when its check digits pass', async () => {
    const { page, placeBox, cpfBox } = printed('BRASILIA-SE', '500.220.075-39');
    const fields: OcrField[] = [{ key: 'naturalidade', value: 'BRASÍLIA/SE', conf: 90, bbox: placeBox }];
    await rescueMissingCpf(page, [brokenReading(placeBox, cpfBox)], fields, 'RG_ABERTO');
    const cpf = fields.find((f) => f.key === 'cpf');
    expect(cpf).toMatchObject({ value: '50022007539', valid: true });
    // Its box covers the printed number.
    expect(cpf!.bbox[0]).toBeLessThanOrEqual(cpfBox[0]);
    expect(cpf!.bbox[0] + cpf!.bbox[2]).toBeGreaterThanOrEqual(cpfBox[0] + cpfBox[2] - 4);
  });

  it('is not invented: a number whose check digits fail is left out, and so are documents without a CPF', async () => {
    const wrong = printed('BRASILIA-SE', '500.220.075-38');
    const fields: OcrField[] = [];
    await rescueMissingCpf(wrong.page, [brokenReading(wrong.placeBox, wrong.cpfBox)], fields, 'RG_ABERTO');
    expect(fields).toEqual([]);
    const right = printed('BRASILIA-SE', '500.220.075-39');
    await rescueMissingCpf(right.page, [brokenReading(right.placeBox, right.cpfBox)], fields, 'PASSAPORTE');
    expect(fields).toEqual([]);
  });

  it('never takes the digits of another field, nor replaces a CPF already read', async () => {
    const { page, placeBox, cpfBox } = printed('BRASILIA-SE', '500.220.075-39');
    const asRg: OcrField[] = [{ key: 'rg', value: '50022007539', conf: 90, bbox: placeBox }];
    await rescueMissingCpf(page, [brokenReading(placeBox, cpfBox)], asRg, 'RG_ABERTO');
    expect(asRg.map((f) => f.key)).toEqual(['rg']);
    const read: OcrField[] = [{ key: 'cpf', value: '11144477735', conf: 90, bbox: cpfBox, valid: true }];
    await rescueMissingCpf(page, [brokenReading(placeBox, cpfBox)], read, 'RG_ABERTO');
    expect(read).toHaveLength(1);
    expect(read[0]!.value).toBe('11144477735');
  });
});
