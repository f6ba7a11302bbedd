import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ocrPool } from '../ocr';
import { pgm, toGrey, union, type Grey } from './box';
import { inkHeight, loneGlyphGroups, readBeside, readLoneValues } from './lone-glyphs';
import { generate, flattenFields } from '@/scripts/synth';
import { extractDocument } from './engine';
import { CNH_CATEGORY } from './normalize';

/** A white page with words drawn where given (Liberation Sans, the size of a printed value). */
async function page(texts: { text: string; x: number; y: number; size?: number }[]): Promise<Grey> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><rect width="1200" height="600" fill="#fff"/>${texts
    .map((t) => `<text x="${t.x}" y="${t.y}" font-family="Liberation Sans" font-weight="bold" font-size="${t.size ?? 34}" fill="#111">${t.text}</text>`)
    .join('')}</svg>`;
  return toGrey(sharp(Buffer.from(svg)));
}

describe('short values standing alone', () => {
  it('Tesseract reads nothing for a lone capital, and reads it beside a word of the page', async () => {
    const p = await page([
      { text: 'CARTEIRA NACIONAL', x: 60, y: 80 },
      { text: 'C', x: 900, y: 300 },
    ]);
    const read = await ocrPool().recognize({ image: pgm(p), mode: 'auto' });
    const words = read.lines.flatMap((l) => l.words);
    const context = words.find((w) => w.text === 'CARTEIRA');
    expect(context).toBeDefined();
    // What the page reading gives for the lone letter: nothing, or not a clean "C".
    expect(words.some((w) => w.text === 'C' && w.conf >= 80)).toBe(false);
    const groups = loneGlyphGroups(p, read.lines, context!.bbox[3]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.box[0]).toBeGreaterThan(890);
    expect(groups[0]!.box[1]).toBeGreaterThan(260);
    expect(groups[0]!.glyphs).toBe(1);
    const beside = await readBeside(p, groups[0]!.box, { box: context!.bbox, text: context!.text });
    // The LSTM may read the capital twice ("CC"); readLoneValues counts it against the group's one glyph.
    expect(beside?.text).toMatch(/^C+$/);
  });

  it('groups two letters side by side, and leaves out letters of words the reading read and letters crowded by other ink', async () => {
    const p = await page([
      { text: 'NACIONAL', x: 60, y: 80 },
      { text: 'AE', x: 800, y: 300 },
      { text: 'B', x: 300, y: 450 },
      { text: 'x', x: 345, y: 450, size: 60 },
    ]);
    const lines = [{ text: 'NACIONAL', conf: 95, bbox: [60, 55, 190, 26] as [number, number, number, number], words: [{ text: 'NACIONAL', conf: 95, bbox: [60, 55, 190, 26] as [number, number, number, number] }] }];
    const groups = loneGlyphGroups(p, lines, 25);
    // "AE" is one group; "B" has ink beside it (a big "x"); NACIONAL was read.
    expect(groups).toHaveLength(1);
    expect(groups[0]!.box[0]).toBeGreaterThan(790);
    expect(groups[0]!.glyphs).toBe(2);
  });

  it('takes letters that touch (bold print, a soft photo) as one group of as many letters as its width holds', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><rect width="1200" height="600" fill="#fff"/><text x="800" y="300" font-family="Liberation Sans" font-weight="bold" font-size="34" letter-spacing="-2" fill="#111">BRA</text></svg>`;
    const p = await toGrey(sharp(Buffer.from(svg)).blur(1));
    const groups = loneGlyphGroups(p, [], 25);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.box[0]).toBeGreaterThan(790);
    expect(groups[0]!.box[2]).toBeGreaterThan(60);
    expect(groups[0]!.glyphs).toBe(3);
  });

  it('leaves out the centre squares of a QR code\'s finder patterns (framed by their rings), which read as letters', async () => {
    const { qrPng } = await import('@/scripts/synth/qr');
    const letters = await page([
      { text: 'NACIONAL', x: 60, y: 80 },
      { text: 'D', x: 300, y: 300 },
    ]);
    const code = await sharp(await qrPng('{"nome":"RAFAEL ANDRADE","cpf":"02451269960"}')).resize(330, 330, { kernel: 'nearest' }).png().toBuffer();
    const p = await toGrey(sharp(Buffer.from(letters.data), { raw: { width: letters.width, height: letters.height, channels: 1 } }).composite([{ input: code, left: 780, top: 180 }]));
    const lines = [{ text: 'NACIONAL', conf: 95, bbox: [60, 55, 190, 26] as [number, number, number, number], words: [{ text: 'NACIONAL', conf: 95, bbox: [60, 55, 190, 26] as [number, number, number, number] }] }];
    const groups = loneGlyphGroups(p, lines, 25);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.box[0]).toBeLessThan(400);
  });

  it('fills a missing CNH category from a lone letter, but not one under OBSERVAÇÕES (a restriction code), and of two candidates the one on a row of the fields read', async () => {
    const p = await page([
      { text: 'CARTEIRA NACIONAL', x: 60, y: 80 },
      { text: '12/05/1990', x: 60, y: 200 },
      { text: 'B', x: 900, y: 200 },
      { text: 'OBSERVACOES', x: 60, y: 400, size: 18 },
      { text: 'D', x: 80, y: 450 },
    ]);
    const lines = (await ocrPool().recognize({ image: pgm(p), mode: 'auto' })).lines;
    const date = lines.flatMap((l) => l.words).find((w) => w.text === '12/05/1990')!;
    const category = { key: 'categoria', letters: 'ABCDE', valid: CNH_CATEGORY, notUnder: ['OBSERVAC'] };
    const fields = [{ key: 'dataNascimento', value: '1990-05-12', conf: 95, bbox: date.bbox }];
    // The reading left both letters unread (as a photo's reading does); the label was read.
    const seen = lines.filter((l) => !/^[A-E]$/.test(l.text.trim()));
    await readLoneValues(p, seen, fields, [category]);
    expect(fields.find((f) => f.key === 'categoria')?.value).toBe('B');
    // Without the OBSERVAÇÕES label (and the "D" left unread, as a photo's reading leaves it) the "D" is a candidate
    // too: of two lone categories, the one on the row of a field read (the "B" beside the date) is taken.
    const unlabelled = lines.filter((l) => !/OBSERV|^[A-E]$/.test(l.text.trim()));
    const two = [{ key: 'dataNascimento', value: '1990-05-12', conf: 95, bbox: date.bbox }];
    await readLoneValues(p, unlabelled, two, [category]);
    expect(two.find((f) => f.key === 'categoria')?.value).toBe('B');
    // Neither on a row of a field read: none is taken.
    const apart = [{ key: 'dataNascimento', value: '1990-05-12', conf: 95, bbox: [date.bbox[0], date.bbox[1] + 100, date.bbox[2], date.bbox[3]] as typeof date.bbox }];
    await readLoneValues(p, unlabelled, apart, [category]);
    expect(apart.some((f) => f.key === 'categoria')).toBe(false);
  });

  it('reads a lone category again within its letters when the free reading gives other than one letter', async () => {
    // A rough photo of an opened CNH (tuned generator): its clear lone "C" is read "(CC" at confidence 2 beside a word,
    // which is no letter and was kept as the reading until it was read again restricted to the categories' letters.
    const s = await generate('CNH_ABERTA', 2003, 'photo', { variety: true, rough: true });
    const got = flattenFields((await extractDocument(s.image.toString('base64'))).fields);
    expect(got.categoria).toBe(s.truth.fields.categoria);
  }, 60_000);

  it('takes a lone C read as the euro sign, alone or doubled, as the C it looks like', async () => {
    // Rough photos of opened CNHs (tuned generator): the category "C" read beside a word as "€" at 44 (seed 3017) and as
    // "C€" for its one glyph (seed 3013); neither was a category letter, so the category was left missing.
    for (const seed of [3017, 3013]) {
      const s = await generate('CNH_ABERTA', seed, 'photo', { variety: true, rough: true });
      const got = flattenFields((await extractDocument(s.image.toString('base64'))).fields);
      expect(s.truth.fields.categoria).toBe('C');
      expect(got.categoria).toBe('C');
    }
  }, 90_000);

  it('takes a lone category read with an accent where the reading held to its letters agrees, and beside the fields rather than a lone restriction code', async () => {
    // A rough photo of an opened CNH (tuned generator): its category "A" is read "À" beside a word (a speck above it), and
    // a restriction code "D" on the back, its OBSERVAÇÕES label washed out, is a lone category too.
    const s = await generate('CNH_ABERTA', 3003, 'photo', { variety: true, rough: true });
    const got = flattenFields((await extractDocument(s.image.toString('base64'))).fields);
    expect(s.truth.fields.categoria).toBe('A');
    expect(got.categoria).toBe('A');
  }, 60_000);

  it('takes a lone category only among the fields read: a code on the other card of a document opened flat is not one', async () => {
    const p = await page([
      { text: 'CARTEIRA NACIONAL', x: 60, y: 60 },
      { text: 'JOAO PEREIRA', x: 60, y: 140 },
      { text: '12/05/1990', x: 60, y: 210 },
      { text: '01234567890', x: 600, y: 210 },
      { text: 'B', x: 960, y: 210 },
      // The back card below, its OBSERVAÇÕES label lost: a restriction code alone.
      { text: 'D', x: 80, y: 560 },
    ]);
    const lines = (await ocrPool().recognize({ image: pgm(p), mode: 'auto' })).lines.filter((l) => !/^[A-E]$/.test(l.text.trim()));
    const words = lines.flatMap((l) => l.words);
    const at = (text: string) => words.find((w) => w.text === text)!.bbox;
    const fields = [
      { key: 'nome', value: 'JOAO PEREIRA', conf: 95, bbox: union([at('JOAO'), at('PEREIRA')]) },
      { key: 'dataNascimento', value: '1990-05-12', conf: 95, bbox: at('12/05/1990') },
      { key: 'numeroRegistro', value: '01234567890', conf: 95, bbox: at('01234567890') },
    ];
    const category = { key: 'categoria', letters: 'ABCDE', valid: CNH_CATEGORY, notUnder: ['OBSERVAC'] };
    await readLoneValues(p, lines, fields, [category]);
    expect(fields.find((f) => f.key === 'categoria')?.value).toBe('B');
  });

  it('measures the values’ letter height as ink in the dates’ words, not by their boxes, and finds a lone category by it', async () => {
    const p = await page([
      { text: 'CARTEIRA NACIONAL', x: 60, y: 80 },
      { text: '12/05/1990', x: 60, y: 200 },
      { text: 'B', x: 900, y: 200 },
    ]);
    const lines = (await ocrPool().recognize({ image: pgm(p), mode: 'auto' })).lines.filter((l) => !/^[A-E]$/.test(l.text.trim()));
    const date = lines.flatMap((l) => l.words).find((w) => w.text === '12/05/1990')!;
    // A photo's date box twice as tall as its digits (a label's specks joined to it): the ink is still the digits' height.
    const tall: [number, number, number, number] = [date.bbox[0], date.bbox[1] - date.bbox[3], date.bbox[2], date.bbox[3] * 2];
    expect(inkHeight(p, [tall])).toBeGreaterThanOrEqual(date.bbox[3] * 0.8);
    expect(inkHeight(p, [tall])).toBeLessThanOrEqual(date.bbox[3] * 1.1);
    const category = { key: 'categoria', letters: 'ABCDE', valid: CNH_CATEGORY, notUnder: ['OBSERVAC'] };
    const fields = [{ key: 'dataNascimento', value: '1990-05-12', conf: 95, bbox: tall }];
    await readLoneValues(p, lines, fields, [category]);
    expect(fields.find((f) => f.key === 'categoria')?.value).toBe('B');
  });
});
