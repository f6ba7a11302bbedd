import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrPool, type OcrLine } from '../ocr';
import { drawnPage } from './drawn-page';
import { emptiestRow, gutterColumn, joinHalves, readPage } from './page-read';

afterAll(async () => closeOcrPool());

const line = (text: string, y: number, h = 30): OcrLine => ({ text, conf: 90, bbox: [10, y, 300, h], words: [{ text, conf: 90, bbox: [10, y, 300, h] }] });

const LINES = ['NOME MARIA DAS DORES', 'FILIACAO JOAO PEREIRA', 'NATURALIDADE RECIFE PE', 'DATA NASCIMENTO 12/03/1981', 'REGISTRO GERAL 12.345.678', 'EXPEDICAO 05/06/2015', 'DOC ORIGEM CERT NASC 4455', 'CPF 123.456.789-09'];

/** Eight printed lines, spaced so that one crosses the middle, and (optionally) a dark bar down the left as a portrait's edge would be. */
function page(bar: boolean) {
  return drawnPage(1400, 900, (ctx) => {
    ctx.font = 'bold 40px sans-serif';
    LINES.forEach((t, i) => ctx.fillText(t, 260, 110 + i * 100));
    if (bar) ctx.fillRect(40, 60, 120, 800);
  });
}

describe('a page read as two halves on two threads', () => {
  it('takes each line from the half that holds its centre on its own side of the cut', () => {
    // The upper half cut the "B" line at its bottom edge (a sliver), the lower half cut "A" at its top.
    const upper = [line('A', 400), line('B part', 525, 15)];
    const lower = [line('A part', 400, 12), line('B', 505)];
    const joined = joinHalves(upper, lower, 480);
    expect(joined.lines.map((l) => l.text)).toEqual(['A', 'B']);
    expect(joined.text).toBe('A\nB');
    expect(joined.conf).toBe(90);
  });

  it('cuts along a clean row between lines, and says when no row is clean', () => {
    const clean = emptiestRow(page(false));
    expect(clean.clean).toBe(true);
    const crossed = emptiestRow(page(true));
    expect(crossed.clean).toBe(false);
  });

  it('reads every line once, whole, when no clean row crosses the page', async () => {
    const out = await readPage(page(true));
    const text = out.lines.map((l) => l.text).join('\n');
    for (const t of LINES) expect(text).toContain(t.split(' ')[0]);
    // No line read twice (once in each half).
    const firsts = out.lines.map((l) => l.text.split(' ')[0]).filter((w) => LINES.some((t) => t.startsWith(w!)));
    expect(new Set(firsts).size).toBe(firsts.length);
    expect(out.text).toMatch(/12\/03\/1981/);
  }, 30_000);
});

/** Two cards side by side, their rows level with each other and close across the gutter (as an RG opened flat, photographed). */
const LEFT = ['ASSINATURA DO TITULAR', 'POLEGAR DIREITO', 'CARTEIRA DE IDENTIDADE'];
const RIGHT = ['LOCAL 27/10/1984', 'CPF 596.321.498-07', 'ORIGEM LV.A27 FLS.199'];
function twoCards() {
  return drawnPage(2600, 900, (ctx) => {
    ctx.font = 'bold 44px sans-serif';
    LEFT.forEach((t, i) => ctx.fillText(t, 1280 - ctx.measureText(t).width, 200 + i * 220));
    ctx.fillRect(1296, 40, 8, 820);
    RIGHT.forEach((t, i) => ctx.fillText(t, 1330, 200 + i * 220));
  });
}

describe('two cards side by side', () => {
  it('cuts down the gutter, not through a line', () => {
    const cut = gutterColumn(twoCards());
    expect(cut).toBeGreaterThan(1280);
    expect(cut).toBeLessThan(1330);
  });

  it('reads each card on its own: no line runs on from one card into the other', async () => {
    const out = await readPage(twoCards(), { sideBySide: true });
    for (const t of [...LEFT, ...RIGHT]) expect(out.lines.some((l) => l.text.includes(t.split(' ').at(-1)!))).toBe(true);
    const mixed = out.lines.filter((l) => LEFT.some((t) => l.text.includes(t.split(' ')[0]!)) && RIGHT.some((t) => l.text.includes(t.split(' ')[0]!)));
    expect(mixed).toEqual([]);
    // Left card first, each line once.
    expect(out.lines.findIndex((l) => l.text.includes('TITULAR'))).toBeLessThan(out.lines.findIndex((l) => l.text.includes('CPF')));
    expect(out.lines.filter((l) => l.text.includes('CPF'))).toHaveLength(1);
  }, 30_000);

  it('reads each card as one block of text when asked (the fallback for a page two cards wide that nothing placed)', async () => {
    // A large dark portrait beside the photo side's print: the kind of card the automatic layout takes for a picture.
    const page = drawnPage(2600, 900, (ctx) => {
      ctx.fillStyle = '#333';
      ctx.fillRect(60, 120, 420, 560);
      ctx.fillStyle = '#000';
      ctx.font = 'bold 44px sans-serif';
      LEFT.forEach((t, i) => ctx.fillText(t, 1280 - ctx.measureText(t).width, 200 + i * 220));
      ctx.fillRect(1296, 40, 8, 820);
      RIGHT.forEach((t, i) => ctx.fillText(t, 1330, 200 + i * 220));
    });
    const out = await readPage(page, { sideBySide: true, asBlocks: true });
    for (const t of [...LEFT, ...RIGHT]) expect(out.lines.some((l) => l.text.includes(t.split(' ').at(-1)!)), t).toBe(true);
    expect(out.lines.findIndex((l) => l.text.includes('TITULAR'))).toBeLessThan(out.lines.findIndex((l) => l.text.includes('CPF')));
  }, 30_000);
});
