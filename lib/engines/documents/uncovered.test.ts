import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrPool, ocrPool, type OcrLine } from '../ocr';
import { pgm, union } from './box';
import { drawnPage } from './drawn-page';
import { readsAsKnownName, readsAsName, readsAsPlace, readUncovered, splitStacked, withRescued } from './uncovered';

afterAll(async () => closeOcrPool());

const LINES = ['NOME MARIA DAS DORES', 'DATA NASCIMENTO 12/03/1981', '67825791 SSP SC', 'CPF 123.456.789-09'];

/** Four printed lines beside a dark portrait-like block and a QR-like checkerboard. */
const page = drawnPage(1400, 700, (ctx) => {
  ctx.font = 'bold 40px sans-serif';
  LINES.forEach((t, i) => ctx.fillText(t, 420, 120 + i * 130));
  ctx.fillRect(40, 60, 300, 400);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) if ((x + y) % 2) ctx.fillRect(1150 + x * 22, 450 + y * 22, 22, 22);
});

/** A CNH-like page whose father's line (baseline 300) has the mother's under it, at the baseline given. */
const parentsPage = (motherBaseline: number) =>
  drawnPage(1400, 520, (ctx) => {
    ctx.font = 'bold 40px sans-serif';
    ctx.fillText('CARTEIRA NACIONAL DE HABILITACAO', 60, 80);
    ctx.fillText('67825791 SSP SC', 60, 190);
    ctx.fillText('PAULO ROBERTO DOS SANTOS', 60, 300);
    ctx.fillText('MARIA PATRÍCIA DE OLIVEIRA', 60, motherBaseline);
    ctx.fillText('12/03/1981', 60, 460);
  });

/** The photo side of an opened RG: headings wider than any value, which the reading did not read. */
function photoSideHeadings(ctx: { font: string; fillText: (text: string, x: number, y: number) => void }) {
  const headings = ['SECRETARIA DA SEGURANCA PUBLICA', 'INSTITUTO DE IDENTIFICACAO', 'CARTEIRA DE IDENTIDADE', 'REPUBLICA FEDERATIVA', 'ESTADO DE SAO PAULO', 'POLEGAR DIREITO', 'ASSINATURA DO TITULAR'];
  ctx.font = 'bold 30px sans-serif';
  headings.forEach((t, i) => ctx.fillText(t, 40, 80 + i * 110));
}

describe('lines the layout analysis left out', () => {
  it('reads the line missing from a reading, and nothing from the portrait or the QR-like block', async () => {
    const full = await ocrPool().recognize({ image: pgm(page), mode: 'auto' });
    const kept = full.lines.filter((l) => !l.text.includes('SSP'));
    expect(kept.length).toBeLessThan(full.lines.length); // the page itself reads the line
    const rescued = await readUncovered(page, kept);
    expect(rescued.map((l) => l.text)).toEqual(['67825791 SSP SC']);
    expect(rescued[0]!.bbox[1]).toBeGreaterThan(300);
    // Nothing is missing from the whole reading: nothing is read again.
    expect(await readUncovered(page, full.lines)).toEqual([]);
  }, 60_000);

  it("reads a dropped value in the column of the lines read before wider unread print elsewhere (an opened RG's photo-side headings)", async () => {
    const opened = drawnPage(1500, 900, (ctx) => {
      photoSideHeadings(ctx);
      ctx.font = 'bold 34px sans-serif';
      ['MARIA DAS DORES', '82006305', 'SAO LUIS/MA', '12/03/1981'].forEach((t, i) => ctx.fillText(t, 820, 120 + i * 160));
    });
    const full = await ocrPool().recognize({ image: pgm(opened), mode: 'auto' });
    // The reading as it went on such a page: the data column read but its number, the headings not at all.
    const column = full.lines.filter((l) => l.bbox[0] > 700 && !l.text.includes('82006305'));
    expect(column.length).toBeGreaterThanOrEqual(3);
    const rescued = await readUncovered(opened, column);
    expect(rescued.map((l) => l.text)).toContain('82006305');
  }, 60_000);

  it('a rescued line takes the place of the junk read over the same ink, within its row; a line nothing was read on is put in reading order', () => {
    const w = (text: string, x: number, y: number, conf = 90) => ({ text, conf, bbox: [x, y, 200, 40] as [number, number, number, number] });
    const line = (words: ReturnType<typeof w>[]): OcrLine => ({ text: words.map((x) => x.text).join(' '), conf: 80, bbox: [words[0]!.bbox[0], words[0]!.bbox[1], 600, 40], words });
    const lines = [line([w('NOME', 0, 0)]), line([w('—', 0, 100, 20), w('E', 300, 100, 30), w('SC', 640, 100)]), line([w('CPF', 0, 200)])];
    const rescued: OcrLine = line([w('67825791', 0, 100), w('SSP', 220, 100)]);
    rescued.bbox = [0, 95, 520, 50];
    const lost: OcrLine = line([w('12/03/1981', 0, 300)]);
    lost.bbox = [0, 295, 220, 50];
    expect(withRescued(lines, [rescued, lost]).map((l) => l.text)).toEqual(['NOME', '67825791 SSP SC', 'CPF', '12/03/1981']);
  });

  it('reads a dropped name line (a mother under a father), measuring the letters on the page when the word boxes are swollen', async () => {
    const names = parentsPage(352);
    const full = await ocrPool().recognize({ image: pgm(names), mode: 'auto' });
    // A rough page's words take in specks above and below: boxes half a line taller on each side.
    const swollen = full.lines
      .filter((l) => !l.text.includes('MARIA'))
      .map((l) => ({ ...l, words: l.words.map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1] - w.bbox[3] * 0.5, w.bbox[2], w.bbox[3] * 2] as typeof w.bbox })) }));
    expect(swollen.length).toBe(full.lines.length - 1);
    const rescued = await readUncovered(names, swollen);
    expect(rescued.map((l) => l.text)).toEqual(['MARIA PATRÍCIA DE OLIVEIRA']);
  }, 60_000);

  it("reads a mother's line under the father's when the father's word boxes were stretched down over it, and leaves the father's words in place", async () => {
    const names = parentsPage(356);
    const full = await ocrPool().recognize({ image: pgm(names), mode: 'auto' });
    // As read off a rough opened RG: the mother's line dropped, and two of the father's words read surely with boxes
    // reaching down over it (their centres between the lines).
    const stretched = full.lines
      .filter((l) => !l.text.includes('MARIA'))
      .map((l) => (l.text.includes('PAULO') ? { ...l, words: l.words.map((w) => (/ROBERTO|SANTOS/.test(w.text) ? { ...w, bbox: [w.bbox[0], w.bbox[1], w.bbox[2], w.bbox[3] * 3.1] as typeof w.bbox } : w)) } : l));
    expect(stretched.length).toBe(full.lines.length - 1);
    const rescued = await readUncovered(names, stretched);
    expect(rescued.map((l) => l.text)).toEqual(['MARIA PATRÍCIA DE OLIVEIRA']);
    expect(withRescued(stretched, rescued).map((l) => l.text).filter((t) => /PAULO|MARIA/.test(t))).toEqual(['PAULO ROBERTO DOS SANTOS', 'MARIA PATRÍCIA DE OLIVEIRA']);
  }, 60_000);

  it("reads a mother's line over the father's when every word of his line was stretched up over it (his line's own box level)", async () => {
    const names = parentsPage(356);
    const full = await ocrPool().recognize({ image: pgm(names), mode: 'auto' });
    // As read off a rough opened RG: the upper name line dropped, and every word of the line under it read surely with a
    // box reaching up over it, while the line's box keeps its own rows.
    const stretched = full.lines
      .filter((l) => !l.text.includes('PAULO'))
      .map((l) => (l.text.includes('MARIA') ? { ...l, words: l.words.map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1] - w.bbox[3] * 1.2, w.bbox[2], w.bbox[3] * 2.2] as typeof w.bbox })) } : l));
    expect(stretched.length).toBe(full.lines.length - 1);
    const rescued = await readUncovered(names, stretched);
    expect(rescued.map((l) => l.text)).toEqual(['PAULO ROBERTO DOS SANTOS']);
  }, 60_000);

  it("reads a dropped value in a second column (an RG's birth date beside its birthplace) before wider unread print elsewhere", async () => {
    const opened = drawnPage(1700, 900, (ctx) => {
      photoSideHeadings(ctx);
      ctx.font = 'bold 34px sans-serif';
      // Number and issue date, name, birthplace and birth date: two columns.
      for (const [text, x, y] of [['82006305', 820, 120], ['03/01/2012', 1400, 120], ['MARIA DAS DORES', 820, 280], ['SAO LUIS/MA', 820, 440], ['04/04/2002', 1400, 440]] as const) ctx.fillText(text, x, y);
    });
    const full = await ocrPool().recognize({ image: pgm(opened), mode: 'auto' });
    // The reading as it went: the data side read but the birth date, the headings not at all.
    const column = full.lines
      .filter((l) => l.bbox[0] > 700 || l.words.some((w) => w.bbox[0] > 700))
      .map((l) => ({ ...l, words: l.words.filter((w) => w.bbox[0] > 700 && !w.text.includes('2002')) }))
      .filter((l) => l.words.length > 0)
      // One line per row, as Tesseract read that page ("21771495 03/01/2012": a wide gap inside the line).
      .reduce<OcrLine[]>((rows, l) => {
        const row = rows.find((r) => Math.abs(r.bbox[1] - l.bbox[1]) < 30);
        if (row) row.words.push(...l.words);
        else rows.push({ ...l, words: [...l.words] });
        return rows;
      }, [])
      .map((l) => ({ ...l, text: l.words.map((w) => w.text).join(' '), bbox: [l.words[0]!.bbox[0], l.bbox[1], l.words.at(-1)!.bbox[0] + l.words.at(-1)!.bbox[2] - l.words[0]!.bbox[0], l.bbox[3]] as typeof l.bbox }));
    expect(column.map((l) => l.text)).toContain('82006305 03/01/2012');
    expect(column.map((l) => l.text).join(' ')).not.toContain('04/04/2002');
    const rescued = await readUncovered(opened, column);
    expect(rescued.map((l) => l.text)).toContain('04/04/2002');
  }, 60_000);

  it('reads two name lines set so close that no blank row parts them, each on its own, the marks over the lower one kept', async () => {
    // A CNH front's parents as some issuers set them: 36 px capitals on a 34 px pitch, the marks over the lower line
    // touching the line above (on 36 px and more a blank row parts them, and each was rescued before).
    const stacked = drawnPage(1400, 460, (ctx) => {
      ctx.font = 'bold 36px sans-serif';
      ctx.fillText('CARTEIRA NACIONAL DE HABILITACAO', 60, 70);
      ctx.fillText('67825791 SSP SC', 60, 170);
      ctx.fillText('RODRIGO DA ALVES DAS CASTRO RAMOS', 60, 270);
      ctx.fillText('ANDRÉ CASTRO DE CARDOSO CONCEIÇÃO', 60, 304);
      ctx.fillText('12/03/1981', 60, 410);
    });
    const full = await ocrPool().recognize({ image: pgm(stacked), mode: 'auto' });
    const kept = full.lines.filter((l) => !/RODRIGO|ANDR|CONCEI|RAMOS/.test(l.text));
    const rescued = await readUncovered(stacked, kept);
    expect(rescued.map((l) => l.text).sort()).toEqual(['ANDRÉ CASTRO DE CARDOSO CONCEIÇÃO', 'RODRIGO DA ALVES DAS CASTRO RAMOS']);
  }, 60_000);

  it('cuts a cluster of stacked lines at the empty rows between them, and a single line of accented capitals not at all', () => {
    const page = drawnPage(900, 200, (ctx) => {
      ctx.font = 'bold 36px sans-serif';
      ctx.fillText('RODRIGO DA ALVES', 20, 60);
      ctx.fillText('ÂNGELA ÇÃO', 20, 100);
      ctx.fillText('ÂNGELA CONCEIÇÃO', 460, 160);
    });
    const letter = 26;
    // The two lines: rows 30 to 112 (cedilla included), cut once near their middle, above the Â's mark.
    const parts = splitStacked(page, { box: [20, 30, 400, 82], n: 1000 }, letter);
    expect(parts.map((p) => [p.cutAbove ?? false, p.cutBelow ?? false])).toEqual([[false, true], [true, false]]);
    const cut = parts[1]!.box[1];
    expect(cut).toBeGreaterThanOrEqual(60); // the first row under RODRIGO's baseline (60)
    expect(cut).toBeLessThanOrEqual(70); // the marks over ÂNGELA start about 8 px above its capitals (top at 74)
    expect(parts[0]!.n + parts[1]!.n).toBe(1000);
    // Each line as wide as its letters: the shorter lower line ends well before the upper one.
    expect(parts[1]!.box[2]).toBeLessThan(parts[0]!.box[2] * 0.8);
    expect(parts[0]!.box[0]).toBeGreaterThanOrEqual(20);
    // One line with marks above and a cedilla below, about 1.9 letters tall: ink all across its middle, left whole.
    expect(splitStacked(page, { box: [460, 115, 400, 52], n: 500 }, letter)).toEqual([{ box: [460, 115, 400, 52], n: 500 }]);
  });

  it('a rescued line whose junk host spans another row stands on its own', () => {
    const w = (text: string, x: number, y: number, h = 22, conf = 90) => ({ text, conf, bbox: [x, y, 100, h] as [number, number, number, number] });
    // The two rows read as one line of junk, one of whose words spans both.
    const junk: OcrLine = { text: 'RIR ATIAS OLIVEIRA', conf: 40, bbox: [454, 802, 500, 101], words: [w('RIR', 454, 802, 101, 20), w('ATIAS', 560, 829, 45, 20), w('OLIVEIRA', 832, 829)] };
    const upper: OcrLine = { text: 'PAULA THIAGO OLIVEIRA', conf: 94, bbox: [454, 829, 502, 22], words: [w('PAULA', 454, 829), w('THIAGO', 560, 829), w('OLIVEIRA', 832, 829)] };
    const lower: OcrLine = { text: 'INES ARAUJO ROCHA', conf: 95, bbox: [454, 851, 283, 23], words: [w('INES', 454, 851, 23), w('ARAUJO', 560, 851, 23), w('ROCHA', 660, 851, 23)] };
    expect(withRescued([junk], [upper, lower]).map((l) => l.text)).toEqual(['PAULA THIAGO OLIVEIRA', 'INES ARAUJO ROCHA']);
  });

  it("a rescued line leaves in place a surely read word whose box reaches down over it (its own line's word)", () => {
    const w = (text: string, x: number, y: number, h = 30, conf = 90) => ({ text, conf, bbox: [x, y, 100, h] as [number, number, number, number] });
    // "AZEVEDO", read surely, its box from its own line's top down over the whole line under it: its centre lies there.
    const father: OcrLine = { text: 'BEATRIZ AZEVEDO LIMA', conf: 85, bbox: [55, 438, 400, 65], words: [w('BEATRIZ', 55, 438), w('AZEVEDO', 160, 438, 65, 82), w('LIMA', 265, 438)] };
    const mother: OcrLine = { text: 'LUCIA 54', conf: 64, bbox: [55, 470, 140, 39], words: [w('LUCIA', 55, 470, 33), w('54', 120, 470, 39, 37)] };
    const rescued: OcrLine = { text: 'LUCIA ISIS SANTANA', conf: 90, bbox: [55, 468, 420, 36], words: [w('LUCIA', 55, 470, 33), w('ISIS', 160, 470, 33), w('SANTANA', 265, 470, 33)] };
    expect(withRescued([father, mother], [rescued]).map((l) => l.text)).toEqual(['BEATRIZ AZEVEDO LIMA', 'LUCIA ISIS SANTANA']);
  });

  it('a name line is words of known names and particles, bar one', () => {
    expect(readsAsName('MARIA PATRÍCIA DO CONCEIÇÃO CARVALHO')).toBe(true);
    expect(readsAsName('JNÊS SÉRGIO SILVA TEIXEIRA VIEIRA')).toBe(true); // one letter misread
    expect(readsAsName('(SIS MONTEIRO CARDOSO MOREIRA')).toBe(true); // an accented capital read as a sign
    expect(readsAsName('(SIS (VAN MOREIRA')).toBe(false);
    expect(readsAsName('CNAS (VAIS FLS')).toBe(false);
    expect(readsAsName('CARTEIRA NACIONAL DE HABILITAÇÃO')).toBe(false);
    expect(readsAsName('DEPARTAMENTO NACIONAL DE TRÂNSITO')).toBe(false);
    expect(readsAsName('Nome Completo')).toBe(false);
    expect(readsAsName('MARIA')).toBe(false);
    expect(readsAsName('NB a cr su ue')).toBe(false);
  });

  it('a line of known names only (no word misread) vouches for itself at a lower confidence', () => {
    expect(readsAsKnownName('ANDRE RODRIGUES')).toBe(true);
    expect(readsAsKnownName('JOSÉ DE SOUZA')).toBe(true);
    expect(readsAsKnownName('JNÊS SÉRGIO SILVA TEIXEIRA VIEIRA')).toBe(false);
    expect(readsAsKnownName('CARTEIRA NACIONAL')).toBe(false);
  });

  it("drops what is left of a line read twice (a father's line read again with the mother's ink) once her line is rescued", () => {
    const w = (text: string, x: number, y: number, h = 26, conf = 96) => ({ text, conf, bbox: [x, y, 90, h] as [number, number, number, number] });
    const line = (words: ReturnType<typeof w>[]): OcrLine => ({ text: words.map((x) => x.text).join(' '), conf: 80, bbox: union(words.map((x) => x.bbox)), words });
    const father = line([w('ANTÔNIO', 440, 626), w('RAFAEL', 540, 626), w('RAMOS', 640, 626), w('DO', 740, 626), w('B', 840, 626)]);
    // The same rows read again, taking in the mother's line under them: junk over her ink, his last words read surely.
    const twice = line([w('AANTONIS', 420, 620, 61, 15), w('RAEGEL', 530, 628, 53, 51), w('RAMOS', 650, 626), w('DO', 750, 626), w('BRAGANÇA', 850, 626)]);
    const mother = line([w('ANDRÉ', 420, 648, 30), w('RODRIGUES', 520, 648, 30)]);
    expect(withRescued([father, twice], [mother]).map((l) => l.text)).toEqual(['ANTÔNIO RAFAEL RAMOS DO B', 'ANDRÉ RODRIGUES']);
    // Words no line in their rows holds stay, for that row's line.
    const other = line([w('AANTONIS', 420, 620, 61, 15), w('RAEGEL', 530, 628, 53, 51), w('SOUZA', 650, 626), w('LIMA', 750, 626)]);
    expect(withRescued([father, other], [mother]).map((l) => l.text)).toEqual(['ANTÔNIO RAFAEL RAMOS DO B', 'SOUZA LIMA', 'ANDRÉ RODRIGUES']);
  });

  it('a place line is a city and a state that exists', () => {
    expect(readsAsPlace('BRASÍLIA-DF')).toBe(true);
    expect(readsAsPlace('SÃO JOÃO DEL REI / MG')).toBe(true);
    expect(readsAsPlace("SANTA BÁRBARA D'OESTE-SP")).toBe(true);
    expect(readsAsPlace('BRASÍLIA-XZ')).toBe(false);
    expect(readsAsPlace('SSP-SP 12/03/2010')).toBe(false);
    expect(readsAsPlace('NATURALIDADE')).toBe(false);
    expect(readsAsPlace('AB-SP')).toBe(false);
    expect(readsAsPlace('SSP-SP')).toBe(false);
  });
});
