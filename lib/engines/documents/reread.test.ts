import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { closeOcrPool, ocrPool, type OcrLine } from '../ocr';
import { fromGrey, pgm, toGrey } from './box';
import { drawnPage } from './drawn-page';
import type { Grey } from './accents';
import { betterName, extendedName, rereadBrokenDates, rereadNames, touchingLines } from './reread';
import type { OcrField } from './types';

type Box = [number, number, number, number];

/** A place and a date on one printed line; the grey page and the box of each. */
function printed(place: string, date: string): { page: Grey; placeBox: Box; dateBox: Box } {
  const dateX = 500;
  let box = (x: number, text: string): Box => [x, 0, text.length, 0];
  const page = drawnPage(900, 160, (ctx) => {
    ctx.font = 'bold 36px sans-serif';
    ctx.fillText(place, 40, 100);
    ctx.fillText(date, dateX, 100);
    box = (x, text) => [x, 100 - 27, Math.ceil(ctx.measureText(text).width), 27];
  });
  return { page, placeBox: box(40, place), dateBox: box(dateX, date) };
}

const lineOf = (words: [string, Box][]): OcrLine => ({ text: words.map((w) => w[0]).join(' '), conf: 80, bbox: words[0]![1], words: words.map(([text, bbox]) => ({ text, conf: 80, bbox })) });

afterAll(async () => closeOcrPool());

describe('dates the page reading broke', () => {
  it('reads again a date split in two words or cut short, in place in its line', async () => {
    const { page, placeBox, dateBox } = printed('NATAL-CE', '25/12/1998');
    // Split in two words, a digit lost between them.
    const half = Math.round(dateBox[2] / 2);
    const lost = lineOf([
      ['NATAL-CE', placeBox],
      ['25/1', [dateBox[0], dateBox[1], half - 8, dateBox[3]]],
      ['/1998', [dateBox[0] + half + 4, dateBox[1], dateBox[2] - half - 4, dateBox[3]]],
    ]);
    // The page reading stopped early: the word's box covers eight of the ten characters.
    const cut = lineOf([
      ['NATAL-CE', placeBox],
      ['25/12/19,', [dateBox[0], dateBox[1], Math.round(dateBox[2] * 0.8), dateBox[3]]],
    ]);
    await rereadBrokenDates(page, [lost, cut]);
    expect(lost.text).toBe('NATAL-CE 25/12/1998');
    expect(cut.text).toBe('NATAL-CE 25/12/1998');
    // Its box grows over the characters found again.
    expect(cut.words[1]!.bbox[2]).toBeGreaterThan(Math.round(dateBox[2] * 0.8));
  });

  it('leaves whole dates and other numbers alone', async () => {
    const { page, placeBox, dateBox } = printed('7160547 SSP', '25/12/1998');
    const line = lineOf([
      ['7160547', placeBox],
      ['25/12/1998', dateBox],
    ]);
    await rereadBrokenDates(page, [line]);
    expect(line.text).toBe('7160547 25/12/1998');
  });
});

describe('pages handed to OCR as raw grey', () => {
  it('keeps one channel through sharp steps that add colour, and OCR reads the PGM as it reads a PNG', async () => {
    const { page } = printed('NATAL-CE', '25/12/1998');
    const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}" height="${page.height}"><rect width="10" height="10" fill="#fff"/></svg>`);
    const { data, info } = await fromGrey(page).composite([{ input: mask }]).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const grey = await toGrey(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).removeAlpha().rotate(90));
    expect(grey.data.length).toBe(page.width * page.height);
    const asPgm = await ocrPool().recognize({ image: pgm(page), mode: 'line' });
    const asPng = await ocrPool().recognize({ image: await fromGrey(page).png().toBuffer(), mode: 'line' });
    expect(asPgm.text.replace(/\s+/g, ' ').trim()).toBe('NATAL-CE 25/12/1998');
    expect(asPgm.text).toBe(asPng.text);
  });
});

describe('names read again on their own', () => {
  /** Two printed lines of names, the second right under the first (as a CNH prints the parents); each line's box. */
  function parents(first: string, second: string, pitch = 34): { page: Grey; boxes: Box[] } {
    const boxes: Box[] = [];
    const page = drawnPage(900, 200, (ctx) => {
      ctx.font = 'bold 28px sans-serif';
      for (const [k, text] of [first, second].entries()) {
        const y = 80 + k * pitch;
        ctx.fillText(text, 40, y);
        boxes.push([40, y - 21, Math.ceil(ctx.measureText(text).width), 21]);
      }
    });
    return { page, boxes };
  }
  const parent = (value: string, bbox: Box, conf = 96): OcrField => ({ key: 'nome', value, conf, bbox });

  it('the first words the page reading dropped are taken back when they are names the lexicon knows', async () => {
    const { page, boxes } = parents('VITÓRIA JOSÉ FREITAS', 'LUÍS LIMA DAS SANTOS');
    // The reading kept LIMA DAS SANTOS, its box starting after LUÍS.
    const [x, y, w, h] = boxes[1]!;
    const cut = parent('LIMA DAS SANTOS', [x + 75, y, w - 75, h]);
    const fields: OcrField[] = [{ key: 'filiacao', value: '', conf: 96, bbox: boxes[0]!, fields: [parent('VITÓRIA JOSÉ FREITAS', boxes[0]!), cut] }];
    await rereadNames(page, fields);
    expect(cut.value).toBe('LUÍS LIMA DAS SANTOS');
    expect(fields[0]!.value).toBe('VITÓRIA JOSÉ FREITAS / LUÍS LIMA DAS SANTOS');
  });

  it('a box stretched by its marks and into the line below is read again on its own letters, not on the line below', async () => {
    const { page, boxes } = parents('ÂNGELO ÁLVARO SÉRGIO', 'MARIA DAS DORES');
    // The marks stretch the box up, a speck read with the line down to the next line's letters; read doubtfully, it is read again.
    const [x, y, w, h] = boxes[0]!;
    const name = parent('ANGELO ALVARO SÉRGI', [x, y - 8, w, h + 30], 70);
    await rereadNames(page, [name]);
    expect(name.value).toBe('ÂNGELO ÁLVARO SÉRGIO');
  });

  it("a name whose box was stretched up over the line above, set so close that marks join them, is read on its own line", async () => {
    // 28 px capitals on a 23 px pitch: the father's cedilla and the mother's accent meet, no blank row between the lines.
    const { page, boxes } = parents('RAFAEL CONCEIÇÃO DO NASCIMENTO', 'LETÍCIA SOUZA', 23);
    const [, top] = boxes[0]!;
    const [x, y, w, h] = boxes[1]!;
    const mother = parent('LETÍCIA ONGENÃO', [x, top, w, y + h - top], 50);
    await rereadNames(page, [mother]);
    expect(mother.value).toBe('LETÍCIA SOUZA');
    // Never another name's reading taken as this one's (the line above read instead of this one).
    const [fx, fy, fw, fh] = boxes[0]!;
    const again = parent('LETÍCIA ONGENÃO', [x, fy - 2, Math.max(w, fw) - (x - fx), fh + 4], 50);
    await rereadNames(page, [parent('RAFAEL CONCEIÇÃO DO NASCIMENTO', boxes[0]!), again]);
    expect(again.value).not.toBe('RAFAEL CONCEIÇÃO DO NASCIMENTO');
  });

  it("a father's box stretched down over the mother's line is read on his own line, hers on hers", async () => {
    const { page, boxes } = parents('BEATRIZ DE AZEVEDO LIMA', 'LUCIA ISIS DA SANTANA');
    const [x, y, w] = boxes[0]!;
    const [, my, , mh] = boxes[1]!;
    // His box from the small label above his line down to the foot of hers; hers on her line.
    const father = parent('SRATRIZ DE AZEVEDO LIMA', [x, y - 14, w, my + mh + 4 - (y - 14)], 40);
    const mother = parent('LUCIA ISIS DA SANTANA', boxes[1]!, 50);
    await rereadNames(page, [father, mother]);
    expect(father.value).toBe('BEATRIZ DE AZEVEDO LIMA');
    expect(mother.value).toBe('LUCIA ISIS DA SANTANA');
  });

  it('cuts a run of rows at the faint row between two touching lines, and leaves one line whole', () => {
    // The run of inked rows (across the names' first 460 px) through a row.
    const run = (page: Grey, through: number): [number, number] => {
      const inked = (r: number) => page.data.subarray(r * page.width + 40, r * page.width + 500).some((v) => v < 110);
      let start = through;
      while (inked(start - 1)) start--;
      let end = through;
      while (inked(end)) end++;
      return [start, end];
    };
    const close = parents('RAFAEL CONCEIÇÃO DO NASCIMENTO', 'LETÍCIA SOUZA', 23);
    const parts = touchingLines(close.page, 40, 500, run(close.page, close.boxes[0]![1] + 10));
    expect(parts).toHaveLength(2);
    expect(parts[0]![1]).toBeGreaterThan(close.boxes[0]![1] + close.boxes[0]![3] - 4);
    expect(parts[1]![0]).toBeLessThan(close.boxes[1]![1] + 4);
    const apart = parents('RAFAEL CONCEIÇÃO DO NASCIMENTO', 'LETÍCIA SOUZA', 80);
    const one = run(apart.page, apart.boxes[0]![1] + 10);
    expect(touchingLines(apart.page, 40, 500, one)).toEqual([one]);
  });

  it('a second reading replaces the first when closer and surer, never when it loses names the lexicon knows', () => {
    const first = { value: 'ANTÔNIO SDGIO NUNES DO RIBEIRO MELO', conf: 62 };
    expect(betterName(first, { value: 'ANTÔNIO SÉRGIO NUNES DO RIBEIRO MELO', conf: 80 })).toBe(true);
    expect(betterName(first, { value: 'ANTÔNIO SDGIO NUNILS DO MEELIRO MELO', conf: 80 })).toBe(false);
    // The same letters with other marks, or a less sure reading, keep the first.
    expect(betterName(first, { value: 'ANTONIO SDGIO NUNES DO RIBEIRO MELO', conf: 90 })).toBe(false);
    expect(betterName(first, { value: 'ANTÔNIO SÉRGIO NUNES DO RIBEIRO MELO', conf: 50 })).toBe(false);
    // A first reading with a word the lexicon does not know (another line's letters read into it) gives way to a sure
    // one of known names only, however far apart; not to one that knows no more of its words, nor to an unsure one.
    const mixed = { value: 'LETÍCIA ONGENÃO', conf: 50 };
    expect(betterName(mixed, { value: 'LETÍCIA SOUZA', conf: 69 })).toBe(true);
    expect(betterName(mixed, { value: 'LETÍCIA SOUZA', conf: 55 })).toBe(false);
    expect(betterName(mixed, { value: 'LETÍCIA MWRTZQ', conf: 90 })).toBe(false);
    expect(betterName({ value: 'LETÍCIA SOUZA', conf: 50 }, { value: 'LETÍCIA SANTOS', conf: 90 })).toBe(false);
  });
});

describe('a name read again with more words', () => {
  it('keeps the first reading’s letters for the words both read, and takes the words it dropped', () => {
    expect(extendedName('DA COSTA CONCEIÇÃO SANTOS', 'JÚLIA DA COSTA CONCEICÃO SANTOS')).toBe('JÚLIA DA COSTA CONCEIÇÃO SANTOS');
    expect(extendedName('MARIA DA CONCEIÇÃO', 'MARIA DA CONCEICÃO SOUZA')).toBe('MARIA DA CONCEIÇÃO SOUZA');
  });

  it('is nothing when the words before are no names, or the readings are not one another', () => {
    expect(extendedName('DA COSTA SANTOS', 'FILIAÇÃO DA COSTA SANTOS')).toBeUndefined();
    expect(extendedName('DA COSTA SANTOS', 'JOSÉ DE VIEIRA ARAÚJO')).toBeUndefined();
    expect(extendedName('DA COSTA SANTOS', 'DA COSTA SANTO')).toBeUndefined();
  });
});
