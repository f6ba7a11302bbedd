import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { flattenFields, generate } from '../../../scripts/synth';
import { qrPng } from '../qr';
import { closeOcrPool } from '../ocr';
import { intake } from '../media';
import { toGrey } from './box';
import { withoutCodes } from './codes-blanked';
import { extractDocument, preparedPage } from './engine';
import { readPage } from './page-read';

afterAll(() => closeOcrPool());

/** A grey page of 1200 × 700 px: a dark bar where print would be, and a QR code at the right. */
async function pageWithCode() {
  const code = await sharp(await qrPng('{"nome":"ANA SOUZA","cpf":"52998224725"}')).resize({ width: 320 }).png().toBuffer();
  const bar = await sharp({ create: { width: 300, height: 30, channels: 3, background: '#111111' } }).png().toBuffer();
  const png = await sharp({ create: { width: 1200, height: 700, channels: 3, background: '#ffffff' } })
    .composite([
      { input: bar, left: 80, top: 200 },
      { input: code, left: 800, top: 150 },
    ])
    .png()
    .toBuffer();
  return toGrey(sharp(png));
}

const darkIn = (g: { data: Uint8Array; width: number }, [x, y, w, h]: [number, number, number, number]) => {
  let n = 0;
  for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) n += g.data[row * g.width + col]! < 128 ? 1 : 0;
  return n;
};

describe("a document's QR codes painted out before its text is read", () => {
  it('paints the code paper-white and leaves the rest of the page as it was', async () => {
    const page = await pageWithCode();
    expect(darkIn(page, [800, 150, 320, 320])).toBeGreaterThan(10_000);
    const blanked = await withoutCodes(page);
    expect(darkIn(blanked, [800, 150, 320, 320])).toBe(0);
    expect(darkIn(blanked, [80, 200, 300, 30])).toBe(300 * 30);
    // The page handed in is not touched.
    expect(darkIn(page, [800, 150, 320, 320])).toBeGreaterThan(10_000);
  });

  it('returns a page without a code as it is', async () => {
    const page = await toGrey(sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } }));
    expect(await withoutCodes(page)).toBe(page);
  });

  it("reads a CNH back's date of issue printed level with its code (the day and month were lost beside junk read off the modules)", async () => {
    // Another issuer's wording (`VARIETY`): "EMISSÃO" over 13/10/2021, the code to the right of it.
    const sample = await generate('CNH_VERSO', 2105, 'photo', { variety: true });
    const r = await extractDocument(sample.image.toString('base64'));
    expect(flattenFields(r.fields).dataEmissao).toBe(sample.truth.fields.dataEmissao);
  });
});

describe('a piece of the page the automatic layout reads as nothing', () => {
  it("is read again as sparse text: a CIN back's parents above its blank middle, its code painted out", async () => {
    const sample = await generate('CIN_VERSO', 3006, 'photo', { variety: true, rough: true });
    const page = await withoutCodes(await preparedPage(await intake(sample.image.toString('base64'), 'image')));
    const out = await readPage(page, { located: true });
    expect(out.text).toContain('CARLOS RAFAEL BRAGAN');
    expect(out.text).toContain('NUNES DOS SOUZA');
  });
});
