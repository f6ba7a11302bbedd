import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../ocr';
import { accentedSpelling, markedLetters, restoreAccents, type Grey } from './accents';
import { segments } from './fallbacks';
import { cpfFrom, personName } from './normalize';

/** A page of names in capitals, each drawn at its baseline; returns the grey page and each name's box (capitals only, as OCR gives it when it dropped the accent). */
function page(names: [string, number][], height = 260): { img: Grey; boxes: [number, number, number, number][] } {
  const canvas = createCanvas(700, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 700, height);
  ctx.fillStyle = '#111';
  ctx.font = 'bold 40px sans-serif';
  ctx.textBaseline = 'alphabetic';
  for (const [text, baseline] of names) ctx.fillText(text, 40, baseline);
  const rgba = ctx.getImageData(0, 0, 700, height).data;
  const data = new Uint8Array(700 * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { img: { data, width: 700, height }, boxes: names.map(([text, baseline]) => [40, baseline - 29, Math.ceil(ctx.measureText(text).width), 29]) };
}

/** A word drawn in capitals, optionally with a line of other text close above it; returns the grey page and the word's box. */
function drawn(text: string, opts: { above?: string } = {}): { img: Grey; box: [number, number, number, number] } {
  const { img, boxes } = page([...(opts.above ? [[opts.above, 80] as [string, number]] : []), [text, 130]], 200);
  return { img, box: boxes.at(-1)! };
}

const word = (text: string, box: [number, number, number, number]): OcrLine => ({ text, conf: 90, bbox: box, words: [{ text, conf: 90, bbox: box }] });

describe('accents restored from the picture', () => {
  it('knows accented spellings of names and the regular endings', () => {
    expect(accentedSpelling('ARAUJO')).toBe('ARAÚJO');
    expect(accentedSpelling('SEBASTIAO')).toBe('SEBASTIÃO');
    expect(accentedSpelling('GUIMARAES')).toBe('GUIMARÃES');
    expect(accentedSpelling('SILVA')).toBeUndefined();
  });

  it('sees the mark above the right letter', () => {
    const { img, box } = drawn('ARAÚJO');
    const seen = markedLetters(img, box, 6)!;
    expect([...seen.above]).toEqual([3]);
  });

  it('gives the accent back when the mark is printed, and only then', () => {
    const printed = drawn('ARAÚJO');
    const lines = [word('ARAUJO', printed.box)];
    expect(restoreAccents(printed.img, lines)).toBe(1);
    expect(lines[0]!.text).toBe('ARAÚJO');
    const plain = drawn('ARAUJO');
    const same = [word('ARAUJO', plain.box)];
    expect(restoreAccents(plain.img, same)).toBe(0);
    expect(same[0]!.text).toBe('ARAUJO');
  });

  it('corrects the kind of mark (a tilde read as an acute)', () => {
    const printed = drawn('CAUÃ');
    const lines = [word('CAUÁ', printed.box)];
    restoreAccents(printed.img, lines);
    expect(lines[0]!.text).toBe('CAUÃ');
  });

  it('is not fooled by a line of text printed just above', () => {
    const plain = drawn('ANTONIO', { above: 'RODRIGO' });
    const lines = [word('ANTONIO', plain.box)];
    expect(restoreAccents(plain.img, lines)).toBe(0);
    const accented = drawn('ANTÔNIO', { above: 'RODRIGO' });
    const again = [word('ANTONIO', accented.box)];
    restoreAccents(accented.img, again);
    expect(again[0]!.text).toBe('ANTÔNIO');
  });
});

describe('accents under a line printed tight above', () => {
  // A filiação's two parents printed close: the acute of LETÍCIA touches the N of ANA just above it.
  const tight: [string, number][] = [
    ['ANA DOS', 160],
    ['LETÍCIA', 196],
  ];

  it('does not take a mark joined to the line above for no mark', () => {
    const { img, boxes } = page(tight);
    const seen = markedLetters(img, boxes[1]!, 7)!;
    expect([...seen.above]).toEqual([]);
    expect(seen.hidden.has(3)).toBe(true);
  });

  it('restores it when another name on the page shows its accent or was read with it, and not otherwise', () => {
    const withOther = page([['JÚLIA', 70], ...tight]);
    const lines = [word('JULIA', withOther.boxes[0]!), word('LETICIA', withOther.boxes[2]!)];
    restoreAccents(withOther.img, lines);
    expect(lines.map((l) => l.text)).toEqual(['JÚLIA', 'LETÍCIA']);
    // A name read with its accent where the picture shows none (a rough photo blurs the mark into its letter) says the
    // page prints accents, as a mark seen would.
    const blurred = page([['INES', 70], ...tight]);
    const read = [word('INÊS', blurred.boxes[0]!), word('LETICIA', blurred.boxes[2]!)];
    restoreAccents(blurred.img, read);
    expect(read.map((l) => l.text)).toEqual(['INÊS', 'LETÍCIA']);
    const alone = page(tight);
    const only = [word('LETICIA', alone.boxes[1]!)];
    expect(restoreAccents(alone.img, only)).toBe(0);
  });
});

describe('accents blurred into their letters', () => {
  /** ÍSIS with the rows between its acute and its I inked (a rough photo's blur leaves no blank row between them). */
  function joined() {
    const { img, boxes } = page([['ÍSIS', 130]], 200);
    const stem = boxes[0]![0];
    for (let y = 88; y <= 104; y++) for (let x = stem + 1; x <= stem + 7; x++) img.data[y * img.width + x] = 17;
    return { img, box: boxes[0]! };
  }

  it('sees the mark on its letter', () => {
    const { img, box } = joined();
    expect([...markedLetters(img, box, 4)!.above]).toEqual([0]);
    const plain = page([['ISIS', 130]], 200);
    expect([...markedLetters(plain.img, plain.boxes[0]!, 4)!.above]).toEqual([]);
  });

  it('gives the accent back', () => {
    const { img, box } = joined();
    const lines = [word('ISIS', box)];
    restoreAccents(img, lines);
    expect(lines[0]!.text).toBe('ÍSIS');
  });
});

describe('name and number clean-up', () => {
  it('drops stray letters from specks at the ends of a name, keeping particles', () => {
    expect(personName('MARIA DAS GOMES CC')).toBe('MARIA DAS GOMES');
    expect(personName('H GUSTAVO DA SILVA')).toBe('GUSTAVO DA SILVA');
    expect(personName('JOSE E SILVA')).toBe('JOSE E SILVA');
    expect(personName('ANA DE')).toBe('ANA DE');
  });

  it('finds a CPF after other digits on the same line', () => {
    expect(cpfFrom('C.NAS LV.A28 FLS.91 066.067.487-47')).toEqual({ value: '06606748747', valid: true });
  });

  it('cuts lines where a wide gap separates two columns', () => {
    const line: OcrLine = {
      text: '03/03/1990 GUSTAVO SANTANA',
      conf: 90,
      bbox: [0, 0, 900, 30],
      words: [
        { text: '03/03/1990', conf: 90, bbox: [0, 0, 200, 30] },
        { text: 'GUSTAVO', conf: 90, bbox: [400, 0, 150, 30] },
        { text: 'SANTANA', conf: 90, bbox: [570, 0, 150, 30] },
      ],
    };
    expect(segments([line]).map((l) => l.text)).toEqual(['03/03/1990', 'GUSTAVO SANTANA']);
  });
});
