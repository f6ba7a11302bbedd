import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { randomZone, renderIcao, type ZoneTruth } from '../../../scripts/synth/icao';
import { mrzCheck } from '../../../scripts/synth/mrz';
import { rng } from '../../../scripts/synth/random';
import { toGrey } from './box';
import { fontFit, glyphChoices, judgeRivals, lineCells, lineGlyphs, OCRB_FIT, strayEndsDropped } from './mrz-glyphs';
import { locateMrz } from './mrz-locate';
import { bandLineInks, settledByGlyphs, splitJoined, validChanges } from './mrz-read';
import { readMrz } from './mrz';

/** A passport zone whose document number holds the look-alikes no check digit tells apart (G/6 and S/8 weigh alike). */
function zone(): ZoneTruth {
  const doc = 'G6S8Q2Z1B';
  const l2 = `${doc}${mrzCheck(doc)}UTO7408122F1204159ZE184226B<<<<<`;
  const withPersonal = `${l2.slice(0, 42)}${mrzCheck(l2.slice(28, 42))}`;
  const line2 = withPersonal + mrzCheck(withPersonal.slice(0, 10) + withPersonal.slice(13, 20) + withPersonal.slice(21, 43));
  return { format: 'TD3', lines: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', line2], documentNumber: doc, lastName: 'ERIKSSON', firstName: 'ANNA MARIA', birthDate: '740812', expirationDate: '120415', sex: 'F', nationality: 'UTO', issuingState: 'UTO' };
}

async function inksOf(truth: ZoneTruth, tilt = 0, blur = 0) {
  const page = renderIcao(truth, rng(4));
  const tilted = sharp(page.png).rotate(tilt, { background: '#ffffff' }).greyscale();
  const grey = await toGrey(blur ? tilted.blur(blur) : tilted);
  const band = (await locateMrz(grey))!;
  return bandLineInks(grey, band, 0);
}

describe('look-alikes told by their OCR-B shapes', () => {
  it('finds a cell per character on a printed zone line', async () => {
    const truth = zone();
    const inks = await inksOf(truth);
    expect(inks).toHaveLength(2);
    const grid = lineCells(inks[1]!, 44)!;
    expect(grid.cells).toHaveLength(44);
    const pitch = grid.cells[1]![0] - grid.cells[0]![0];
    expect(grid.cells[43]![1] - grid.cells[0]![0]).toBeGreaterThan(43 * pitch);
  });

  it('changes nothing in a zone read right', async () => {
    const truth = zone();
    const { lines, changed } = glyphChoices(await inksOf(truth), truth.lines, 'TD3');
    expect(changed).toBe(0);
    expect(lines).toEqual(truth.lines);
  });

  it('mends the look-alikes a reading swapped where the check digits pass either way', async () => {
    const truth = zone();
    // Read with G as 6, S as 8, Q as 0, Z as 2 and B as 8 (G/6 and S/8 alone would leave the number's check digit passing).
    const misread = [truth.lines[0]!, `668802218${truth.lines[1]!.slice(9)}`];
    expect(misread[1]).not.toBe(truth.lines[1]);
    const { lines, changed } = glyphChoices(await inksOf(truth), misread, 'TD3');
    expect(changed).toBeGreaterThan(0);
    expect(lines[1]!.slice(0, 9)).toBe(truth.lines[1]!.slice(0, 9));
    expect(readMrz(lines)?.valid).toBe(true);
  });

  it('turns letters read over the fillers after the names back into fillers, and leaves the names', async () => {
    const truth = zone();
    const line = truth.lines[0]!;
    const misread = [`${line.slice(0, 25)}C<KK${line.slice(29)}`, truth.lines[1]!];
    const { lines } = glyphChoices(await inksOf(truth), misread, 'TD3');
    expect(lines[0]).toBe(line);
  });

  it('turns any letter read over a filler after the names back into a filler (`WEI<KKRCK`), not only the chevron look-alikes', async () => {
    const truth = zone();
    const line = truth.lines[0]!;
    const misread = [`${line.slice(0, 26)}RT${line.slice(28)}`, truth.lines[1]!];
    const { lines } = glyphChoices(await inksOf(truth), misread, 'TD3');
    expect(lines[0]).toBe(line);
  });

  it('leaves a data line read out of step with its cells (a digit too many) as it was read', async () => {
    const truth = zone();
    const line = truth.lines[1]!;
    // A digit read twice pushes every later character one cell on: judged there, digits would meet their neighbours' shapes.
    const shifted = `${line.slice(0, 12)}7${line.slice(12, 43)}`;
    expect(shifted).toHaveLength(44);
    const { lines, changed } = glyphChoices(await inksOf(truth), [truth.lines[0]!, shifted], 'TD3');
    expect(changed).toBe(0);
    expect(lines[1]).toBe(shifted);
  });

  it('puts a names line read with a letter too many or too few back in step with its cells, then judges it', async () => {
    const truth = zone();
    const line = truth.lines[0]!;
    // A letter read into the names pushes every later one a cell on (generated TD1#16's `DEX<LA<CRUZ`).
    const extra = `${line.slice(0, 5)}E${line.slice(5, 25)}C${line.slice(26, 43)}`;
    expect(extra).toHaveLength(44);
    const inks = await inksOf(truth);
    expect(glyphChoices(inks, [extra, truth.lines[1]!], 'TD3').lines).toEqual(truth.lines);
    // A letter dropped from them pulls every later one a cell back.
    const dropped = `${line.slice(0, 7)}${line.slice(8)}<`;
    expect(glyphChoices(inks, [dropped, truth.lines[1]!], 'TD3').lines).toEqual(truth.lines);
  });

  it('takes a glyph unlike the character read in a number for whichever character it is most like (OCR read Q as 6)', async () => {
    const truth = zone();
    const misread = [truth.lines[0]!, `G6S86${truth.lines[1]!.slice(5)}`];
    const { lines } = glyphChoices(await inksOf(truth), misread, 'TD3');
    expect(lines[1]).toBe(truth.lines[1]);
  });
});

/** A visa's zone (MRV-A: no composite check digit, optional data unchecked). */
const VISA: ZoneTruth = {
  format: 'MRVA',
  lines: ['V<NLDDUBOIS<<EMMA<LOUISE<<<<<<<<<<<<<<<<<<<<', 'XS3D1C3<<5POL7204243M3806030<<<<<<<<<<<<<<<<'],
  documentNumber: 'XS3D1C3',
  lastName: 'DUBOIS',
  firstName: 'EMMA LOUISE',
  birthDate: '720424',
  expirationDate: '380603',
  sex: 'M',
  nationality: 'POL',
  issuingState: 'NLD',
};

describe('zones the check digits cannot choose between, told by their glyphs', () => {
  it('takes the zone printed over one with a character read twice in unchecked optional data', async () => {
    // The expiry's check digit read twice (`380603O0`): both zones pass every check digit of an MRV-A.
    const doubled = [VISA.lines[0]!, 'XS3D1C3<<5POL7204243M38060300<<<<<<<<<<<<<<<'];
    expect(readMrz(doubled)?.valid).toBe(true);
    const inks = await inksOf(VISA);
    expect(judgeRivals(inks, [doubled, VISA.lines])).toBe(1);
    expect(judgeRivals(inks, [VISA.lines, doubled])).toBe(0);
  });

  it('vouches for no zone whose characters are not the ones printed', async () => {
    const inks = await inksOf(VISA);
    const doubled = [VISA.lines[0]!, 'XS3D1C3<<5POL7204243M38060300<<<<<<<<<<<<<<<'];
    const shifted = [VISA.lines[0]!, 'XS3D1C<<<5POL7204243M3806030<<<<<<<<<<<<<<<<'];
    expect(judgeRivals(inks, [doubled])).toBeUndefined();
    expect(judgeRivals(inks, [doubled, shifted])).toBeUndefined();
    // The printed zone alone is vouched for (a repair that cost more than the check digits vouch for).
    expect(judgeRivals(inks, [VISA.lines])).toBe(0);
  });

  it('makes a data line read four characters short valid once its glyphs vouch for the repair', async () => {
    // Fillers read as letters and four of them lost: brought to its width, the line costs more than a repair may.
    const read = readMrz([VISA.lines[0]!, 'XS3D1C3<<5POL7204243M3806030<<<<<<KKKK<A'])!;
    expect(read.valid).toBe(false);
    expect(read.rivals?.map((z) => z.join('\n'))).toContain(VISA.lines.join('\n'));
    const settled = settledByGlyphs(read, await inksOf(VISA));
    expect(settled.valid).toBe(true);
    expect(settled.repaired).toBe(true);
    expect(settled.lines).toEqual(VISA.lines);
    // Without the band's glyphs, it stays as the check digits left it.
    expect(settledByGlyphs(read, []).valid).toBe(false);
  });
});

/** A visa whose number holds letters among its digits (IN5030645: a reading with S for 5 and O for 0 passes no check). */
const NUMBERED: ZoneTruth = (() => {
  const doc = 'IN5030645';
  const l2 = `${doc}${mrzCheck(doc)}GBR6705215F1109117<<<<<<<<<<<<<<<<`;
  return { ...VISA, lines: ['V<GBRHAPPY<<SARAH<LOUISE<<<<<<<<<<<<<<<<<<<<', l2], documentNumber: doc, birthDate: '670521', expirationDate: '110911', sex: 'F', nationality: 'GBR', issuingState: 'GBR' };
})();

describe('a document number read with two look-alikes wrong', () => {
  it('is settled by the glyphs among the two-swap versions that pass its check digit', async () => {
    const read = readMrz([NUMBERED.lines[0]!, `INSO30${NUMBERED.lines[1]!.slice(6)}`])!;
    expect(read.valid).toBe(false);
    const settled = settledByGlyphs(read, await inksOf(NUMBERED));
    expect(settled.valid).toBe(true);
    expect(settled.lines).toEqual(NUMBERED.lines);
  });

  it('is settled where a zero is printed rounder than our template, like an O (0 against O tells nothing)', async () => {
    // Printed with an O where the number has its 0 (an issuer's font whose 0 is an O's shape); the rival reads O there and S for 5.
    const printedLikeO = { ...NUMBERED, lines: [NUMBERED.lines[0]!, `IN5O30645${NUMBERED.lines[1]!.slice(9)}`] };
    const inks = await inksOf(printedLikeO);
    const rival = [NUMBERED.lines[0]!, `INSO30645${NUMBERED.lines[1]!.slice(9)}`];
    expect(judgeRivals(inks, [rival, NUMBERED.lines])).toBe(1);
  });
});

describe('a line printed a little off level', () => {
  it('is vouched for to its last character', async () => {
    // Cut along the line's own rows, its last glyphs lost their feet or heads (a passport's composite digit).
    const truth = randomZone('TD3', rng(1));
    for (const tilt of [-0.8, 0.4, 0.8, 1.2]) expect(judgeRivals(await inksOf(truth, tilt), [truth.lines])).toBe(0);
  });
});

describe('a band a degree or two off level, with a card edge beside it', () => {
  it('has its lines cut apart and its names judged: any letter where the glyph is unlike the one read, a filler in the header', async () => {
    // Generated photo TD3#7: tilted, the two lines overlapped in the rows, no line was cut, and the names stayed as read.
    const truth = zone();
    const misread = [`PCUTOERIKSSOH<<ANNA<MARIA${truth.lines[0]!.slice(25)}`, truth.lines[1]!];
    for (const [tilt, blur] of [[1.2, 2], [1.2, 3], [1, 3]] as const) {
      const inks = await inksOf(truth, tilt, blur);
      expect(inks).toHaveLength(2);
      expect(glyphChoices(inks, misread, 'TD3').lines).toEqual(truth.lines);
    }
  });

  it("drops ink runs that lie steps apart from a line's ends (a card's edge), and keeps the rest", () => {
    const runs: [number, number][] = [[0, 4], ...Array.from({ length: 10 }, (_, i) => [40 + 10 * i, 46 + 10 * i] as [number, number]), [180, 183]];
    strayEndsDropped(runs);
    expect(runs).toHaveLength(10);
    expect(runs[0]).toEqual([40, 46]);
    expect(runs.at(-1)).toEqual([130, 136]);
  });

  it('cuts a run of rows two lines tall at its faintest middle row', () => {
    const ink = [...Array(20).fill(50), 9, 8, 30, ...Array(19).fill(50)];
    const rows: [number, number][] = [[0, 42]];
    splitJoined(rows, ink, 2);
    expect(rows).toEqual([[0, 21], [21, 42]]);
    // Too short to hold two lines: left whole.
    const short: [number, number][] = [[0, 10]];
    splitJoined(short, ink, 2);
    expect(short).toEqual([[0, 10]]);
  });
});

describe("the glyphs' changes to a valid zone", () => {
  it('are kept one by one where the zone stays valid, and dropped where they break a check digit', () => {
    // A filler read as C after the names, and an issuer's round 0 that the glyphs took for a D in the number.
    const truth = zone();
    const read = [`${truth.lines[0]!.slice(0, 25)}C${truth.lines[0]!.slice(26)}`, truth.lines[1]!];
    expect(readMrz(read)?.valid).toBe(true);
    const changed = [truth.lines[0]!, truth.lines[1]!.replace('Q2Z1B', 'Q2Z1D').slice(0, 44)];
    expect(readMrz(changed)?.valid).toBe(false);
    expect(validChanges(read, changed)?.lines).toEqual(truth.lines);
    // None that keeps it valid: nothing.
    expect(validChanges(truth.lines, changed)).toBeUndefined();
  });
});

describe('a zone set in a font other than OCR-B', () => {
  /** The zone's lines drawn in `family` on a plain page, its band located and cut as the engine cuts it. */
  async function monoInks(lines: string[], file: string, family: string) {
    GlobalFonts.registerFromPath(file, family);
    const canvas = createCanvas(1400, 400);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#f4efe6';
    ctx.fillRect(0, 0, 1400, 400);
    ctx.font = `40px "${family}"`;
    const size = (40 * 1230) / ctx.measureText(lines[0]!).width;
    ctx.font = `${size}px "${family}"`;
    ctx.fillStyle = '#111';
    lines.forEach((l, i) => ctx.fillText(l, 80, 200 + i * size * 1.35));
    const grey = await toGrey(sharp(canvas.toBuffer('image/png')).greyscale());
    return bandLineInks(grey, (await locateMrz(grey))!, 0);
  }
  const icao = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
  const liberationMono = '/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf';

  it('is told from OCR-B by its fillers', async () => {
    const cells = (inks: Awaited<ReturnType<typeof monoInks>>) => inks.map((ink, k) => lineGlyphs(ink, icao[k]!.length));
    const ocrB = await inksOf({ ...zone(), lines: icao });
    expect(fontFit(cells(ocrB), icao)!).toBeGreaterThanOrEqual(OCRB_FIT);
    for (const [file, family] of [[liberationMono, 'Test Liberation Mono'], [`${process.cwd()}/node_modules/@fontsource/roboto-mono/files/roboto-mono-latin-500-normal.woff2`, 'Test Roboto Mono']] as const) {
      expect(fontFit(cells(await monoInks(icao, file, family)), icao)!).toBeLessThan(OCRB_FIT);
    }
  });

  it("is left as read: OCR-B's shapes do not judge it (Liberation Mono's S was taken for B: ERIKBBON)", async () => {
    const inks = await monoInks(icao, liberationMono, 'Test Liberation Mono');
    expect(glyphChoices(inks, icao, 'TD3').lines).toEqual(icao);
  });
});
