import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ocrPool } from '../ocr';
import { pgm, toGrey, type Grey } from './box';
import { readWithSuffix, withTrailingGlyphs } from './trailing';

/** A white page with the parts drawn (SVG elements), grey. */
const page = (parts: string): Promise<Grey> =>
  toGrey(sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="100%" height="100%" fill="#fff"/>${parts}</svg>`)));

const text = (x: number, s: string) => `<text x="${x}" y="110" font-family="Liberation Sans, sans-serif" font-weight="bold" font-size="34" fill="#111">${s}</text>`;
const ROW = `${text(60, '43031547')}${text(560, '06/08/2008')}`;

const blank = (g: Grey, x: number) => Array.from({ length: g.height }, (_, y) => g.data[y * g.width + x]!).every((v) => v >= 110);

/** The columns of the first run of ink before the first wide blank gap after `from`: [start, end) of the glyphs drawn at `from`. */
function lastGlyphOfWordAt(g: Grey, from: number): [number, number] {
  let x = from;
  while (blank(g, x)) x++;
  let start = x;
  for (;;) {
    let end = start;
    while (!blank(g, end)) end++;
    let next = end;
    while (next < g.width && blank(g, next)) next++;
    if (next - end > 12 || next >= g.width) return [start, end];
    start = next;
  }
}

/** The page read by OCR, then its reading of the number cut to its first `keep` glyphs with the box stopping inside the next one: a reading that dropped them. */
async function droppedLast(g: Grey, [start, end]: [number, number]) {
  const lines = (await ocrPool().recognize({ image: pgm(g), mode: 'auto' })).lines;
  return lines.map((l) => {
    const words = l.words.map((w) => (w.text === '43031547' ? { ...w, text: '4303154', bbox: [w.bbox[0], w.bbox[1], Math.round(start + (end - start) * 0.2) - w.bbox[0], w.bbox[3]] as [number, number, number, number] } : w));
    return { ...l, words, text: l.text.replace('43031547', '4303154') };
  });
}

describe('a word whose last glyph the reading dropped', () => {
  it('is read again to where its ink ends: 43031547, not 4303154, the rest of the line untouched', async () => {
    const g = await page(ROW);
    const dropped = await droppedLast(g, lastGlyphOfWordAt(g, 60));
    expect(dropped.map((l) => l.text).join(' ')).toMatch(/4303154\b/);
    const lines = await withTrailingGlyphs(g, dropped);
    const line = lines.find((l) => l.text.includes('4303154'))!;
    expect(line.text).toMatch(/^43031547\s+06\/08\/2008$/);
    expect(line.words.map((w) => w.text)).toEqual(['43031547', '06/08/2008']);
  }, 30_000);

  it('reads four dropped letters of a name back, up to the next word, past a lower line whose box reaches into the row', async () => {
    const g = await page(`${text(60, 'VITORIA JOSE MENDES')}<text x="60" y="150" font-family="Liberation Sans, sans-serif" font-weight="bold" font-size="34" fill="#111">LIMA DAS SANTOS</text>`);
    const lines = (await ocrPool().recognize({ image: pgm(g), mode: 'auto' })).lines;
    const first = lines.find((l) => l.text.startsWith('VITORIA'))!;
    const whole = first.words[0]!;
    // Read as VIT, its box stopping after the T (3 of 7 letters); the next line's words with boxes swollen upwards into this row.
    const vit = { ...whole, text: 'VIT', bbox: [whole.bbox[0], whole.bbox[1], Math.round(whole.bbox[2] * 0.43), whole.bbox[3]] as typeof whole.bbox };
    const dropped = lines.map((l) =>
      l === first
        ? { ...l, text: l.text.replace('VITORIA', 'VIT'), words: [vit, ...l.words.slice(1)] }
        : { ...l, words: l.words.map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1] - w.bbox[3] * 0.4, w.bbox[2], w.bbox[3] * 1.4] as typeof w.bbox })) },
    );
    const again = await withTrailingGlyphs(g, dropped);
    expect(again.find((l) => l.text.includes('JOSE'))!.text).toBe('VITORIA JOSE MENDES');
  }, 30_000);

  it('a page read whole is left as it was (each word ends where its ink does)', async () => {
    const g = await page(`${ROW}<text x="60" y="170" font-family="Liberation Sans, sans-serif" font-size="30" fill="#111">MARIA DA SILVA SANTOS</text>`);
    const lines = (await ocrPool().recognize({ image: pgm(g), mode: 'auto' })).lines;
    expect(await withTrailingGlyphs(g, lines)).toBe(lines);
  }, 30_000);

  it('a rule or a bar just after a word is not a dropped glyph', async () => {
    const [, end] = lastGlyphOfWordAt(await page(text(60, '4303154')), 60);
    const g = await page(`${text(60, '4303154')}<rect x="${end + 4}" y="82" width="3" height="30" fill="#111"/>`);
    const lines = (await ocrPool().recognize({ image: pgm(g), mode: 'auto' })).lines;
    const number = lines.flatMap((l) => l.words).find((w) => w.text.startsWith('4303154'));
    // Whatever OCR made of the bar, the rescue adds no digit to the number.
    const after = (await withTrailingGlyphs(g, lines)).flatMap((l) => l.words).find((w) => w.text.startsWith('4303154'));
    expect(after?.text).toBe(number?.text);
  }, 30_000);
});

describe('a new reading with glyphs after the old one', () => {
  it('is taken when it is the old word with one to four glyphs of its kind joined to its end', () => {
    expect(readWithSuffix('4303154', '43031547')).toBe(true);
    expect(readWithSuffix('TEIXEIR', 'TEIXEIRA')).toBe(true);
    expect(readWithSuffix('CONCEIÇÃ', 'CONCEICÃO')).toBe(true);
  });
  it('is not taken when it changes a digit, adds another kind of glyph, a space or too much', () => {
    expect(readWithSuffix('4303154', '43081547')).toBe(false);
    expect(readWithSuffix('4303154', '4303154A')).toBe(false);
    expect(readWithSuffix('SILVA', 'SILVA1')).toBe(false);
    expect(readWithSuffix('SILVA', 'SILVA DE')).toBe(false);
    expect(readWithSuffix('SILVA', 'SILVASANTOS')).toBe(false);
    expect(readWithSuffix('SILVA', 'SILVA')).toBe(false);
  });
});
