import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../ocr';
import { fieldLines } from './data-side';
import { extractFields } from './extract';

const line = (text: string, x: number, y: number): OcrLine => ({ text, conf: 90, bbox: [x, y, 300, 30], words: [{ text, conf: 90, bbox: [x, y, 300, 30] }] });

// An old RG opened flat, read from a small photo: the photo side's heading on the left, misread (so it is not known
// for a heading), level with the data side on the right, whose name label was lost.
const LINES = [
  line('INPUDLICA FEDERAITVA DO EMAIA', 200, 100),
  line('LISTADO DE SÃO PAULO', 200, 150),
  line('CARTEIRA DE IDENTIDADE', 200, 200),
  line('REGISTRO GERAL', 1500, 60),
  line('DATA DE EXPEDIÇÃO', 2200, 60),
  line('24.552.451', 1500, 100),
  line('11/05/2008', 2200, 100),
  line('LUÍS RODRIGUES DO CARDOSO', 1500, 180),
  line('FILIAÇÃO', 1500, 240),
  line('VITÓRIA CAMILA DE RIBEIRO ANDRADE', 1500, 280),
  line('GUSTAVO SOUZA DO ALVES', 1500, 320),
  line('27/10/1984', 2200, 400),
];

describe('fields of a document opened flat are read from its data side', () => {
  it('keeps the half the dates and CPF lie in, else the half without the portrait', () => {
    const right = fieldLines('RG_ABERTO', LINES, undefined, 2800);
    expect(right.map((l) => l.text)).not.toContain('LISTADO DE SÃO PAULO');
    expect(right).toHaveLength(9);
    // No dates or CPF read: the half without the portrait.
    const undated = LINES.filter((l) => !/\d/.test(l.text));
    expect(fieldLines('RG_ABERTO', undated, 'left', 2800).map((l) => l.text)).toEqual(undated.filter((l) => l.bbox[0] > 1400).map((l) => l.text));
    // Dates on both halves with the portrait unknown, or another type: the whole page.
    const both = [...LINES, line('01/01/2001', 100, 500), line('02/02/2002', 120, 560)];
    expect(fieldLines('RG_ABERTO', both, undefined, 2800)).toBe(both);
    expect(fieldLines('RG_VERSO', LINES, 'left', 2800)).toBe(LINES);
  });

  it('so a heading of the photo side is not taken for the name, nor the name for a parent', () => {
    const fields = extractFields('RG_ABERTO', fieldLines('RG_ABERTO', LINES, undefined, 2800), undefined);
    const value = (key: string) => fields.find((f) => f.key === key)?.value;
    expect(value('nome')).toBe('LUÍS RODRIGUES DO CARDOSO');
    expect(value('rg')).toBe('24552451');
    expect(fields.find((f) => f.key === 'filiacao')?.fields?.map((f) => f.value) ?? [value('filiacao.0')]).toContain('VITÓRIA CAMILA DE RIBEIRO ANDRADE');
  });
});

describe('a line read across the fold of a document opened flat', () => {
  // A mark at the photo side's edge (the thumb box's border) read level with the second parent: the line's box
  // reaches past the middle into the photo side, though every letter of the name lies on the data side.
  const word = (text: string, x: number, w: number) => ({ text, conf: 90, bbox: [x, 330, w, 30] as [number, number, number, number] });
  const across: OcrLine = { text: '| GUSTAVO SOUZA DO ALVES', conf: 70, bbox: [200, 330, 1560, 30], words: [word('|', 200, 8), word('GUSTAVO', 1440, 120), word('SOUZA', 1570, 90), word('DO', 1670, 30), word('ALVES', 1710, 50)] };
  const lines = [...LINES.filter((l) => l.text !== 'GUSTAVO SOUZA DO ALVES'), across];

  it('keeps its words on the data side, not the whole line nor none of it', () => {
    const kept = fieldLines('RG_ABERTO', lines, undefined, 2800);
    const part = kept.find((l) => l.text.includes('GUSTAVO'));
    expect(part?.text).toBe('GUSTAVO SOUZA DO ALVES');
    expect(part?.bbox).toEqual([1440, 330, 320, 30]);
    expect(kept.find((l) => l.text === 'REGISTRO GERAL')).toBe(LINES[3]);
  });

  it('so the second parent is read', () => {
    const fields = extractFields('RG_ABERTO', fieldLines('RG_ABERTO', lines, undefined, 2800), undefined);
    expect(fields.find((f) => f.key === 'filiacao')?.fields?.map((f) => f.value)).toEqual(['VITÓRIA CAMILA DE RIBEIRO ANDRADE', 'GUSTAVO SOUZA DO ALVES']);
  });
});
