import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ocrPool } from '../ocr';
import { pgm, toGrey, type Grey } from './box';
import { readWithPrefix, withLeadingGlyphs } from './leading';

/** A white page with the parts drawn (SVG elements), grey. */
const page = (parts: string): Promise<Grey> =>
  toGrey(sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="100%" height="100%" fill="#fff"/>${parts}</svg>`)));

const NAME = '<text x="160" y="110" font-family="Liberation Sans, sans-serif" font-weight="bold" font-size="30" fill="#111">GLÓRIA MATTOS BRANDÃO</text>';

/** The page's lines as OCR reads them with the columns before `x` painted white: the reading that dropped them. */
async function droppedBefore(g: Grey, x: number) {
  const data = Uint8Array.from(g.data);
  for (let y = 0; y < g.height; y++) data.fill(255, y * g.width, y * g.width + x);
  return (await ocrPool().recognize({ image: pgm({ ...g, data }), mode: 'auto' })).lines;
}

/** The first column of ink at or after `from` on the page (the start of the name's first letter). */
function firstInk(g: Grey, from = 0): number {
  for (let x = from; x < g.width; x++) for (let y = 0; y < g.height; y++) if (g.data[y * g.width + x]! < 110) return x;
  return -1;
}

/** The column where the first letter's ink ends: the first blank column after it. */
function afterFirstLetter(g: Grey): number {
  const blank = (x: number) => Array.from({ length: g.height }, (_, y) => g.data[y * g.width + x]!).every((v) => v >= 110);
  let x = firstInk(g);
  while (!blank(x)) x++;
  return x;
}

describe('a line whose first letters the reading dropped', () => {
  it('is read again from where its ink begins: GLÓRIA, not LÓRIA', async () => {
    const g = await page(NAME);
    const dropped = await droppedBefore(g, afterFirstLetter(g));
    expect(dropped.map((l) => l.text).join(' ')).not.toMatch(/GL/);
    const lines = await withLeadingGlyphs(g, dropped);
    expect(lines.map((l) => l.text).join(' ')).toMatch(/^GLÓRIA MATTOS BRANDÃO/);
  }, 30_000);

  it('a label read on the same row before it is not a dropped letter: the line stays as read', async () => {
    const g = await page(`<text x="40" y="110" font-family="Liberation Sans, sans-serif" font-size="22" fill="#333">MÃE</text>${NAME}`);
    const lines = (await ocrPool().recognize({ image: pgm(g), mode: 'auto' })).lines;
    expect(await withLeadingGlyphs(g, lines)).toEqual(lines);
  }, 30_000);

  it('ink that runs on past a few letters (a picture against the line) is not read as dropped letters', async () => {
    const g = await page(`<rect x="20" y="60" width="139" height="80" fill="#333"/>${NAME}`);
    const dropped = await droppedBefore(g, 159);
    // The reading as if it had dropped the picture: nothing is added to it.
    const withPicture = dropped.map((l) => ({ ...l }));
    expect((await withLeadingGlyphs(g, withPicture)).map((l) => l.text)).toEqual(dropped.map((l) => l.text));
  }, 30_000);
});

describe('a new reading with letters before the old one', () => {
  it('is taken when it is the old reading with one to four letters or digits before it', () => {
    expect(readWithPrefix('ÃO CONCEIÇÃO', 'JOÃO CONCEIÇÃO')).toBe(true);
    expect(readWithPrefix('LÓRIA MATTOS', 'GLÓRIA MATTOS')).toBe(true);
    expect(readWithPrefix('.396.683-26', '822.396.683-26')).toBe(true);
  });
  it('is not taken when it reads the old text otherwise, adds too much, or adds marks', () => {
    expect(readWithPrefix('LÓRIA MATTOS', 'GLÓRIA MOTTAS')).toBe(false);
    expect(readWithPrefix('MATTOS', 'GLÓRIA DE MATTOS')).toBe(false);
    expect(readWithPrefix('LÓRIA MATTOS', '|—LÓRIA MATTOS')).toBe(false);
    expect(readWithPrefix('LÓRIA MATTOS', 'LÓRIA MATTOS')).toBe(false);
  });
});
