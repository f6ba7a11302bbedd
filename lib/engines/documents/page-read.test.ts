import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrPool, type OcrLine } from '../ocr';
import { drawnPage } from './drawn-page';
import { emptiestRow, joinHalves, readPage } from './page-read';

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
