import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrPng } from '../qr';
import { codeValuesPrinted, readQrCodes, uprightTurn } from './qr';

describe('a QR code says which way up the page is', () => {
  it('gives the clockwise quarter turn that stands the code upright', async () => {
    // A white margin around the code, as on a card.
    const code = await sharp(await qrPng('{"nome":"ANA SOUZA","cpf":"52998224725"}')).extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' }).png().toBuffer();
    for (const rotated of [0, 90, 180, 270] as const) {
      const page = await sharp(code).rotate(rotated).png().toBuffer();
      const [found] = await readQrCodes(page);
      expect(found?.turn, `rotated ${rotated}°`).toBe((360 - rotated) % 360);
    }
  });

  it('finds a small tilted code on a small photo (modules of 2 px: an 800 px photo of a CNH opened flat), in its pixels', async () => {
    const text = JSON.stringify({ nome: 'CAUÃ RAMOS DO MARTINS', cpf: '16818919642', numeroRegistro: '91526271218', dataNascimento: '1974-02-18', validade: '2024-01-25', categoria: 'AE' });
    const code = await sharp(await qrPng(text)).resize({ width: 90, kernel: 'cubic' }).extend({ top: 12, bottom: 12, left: 12, right: 12, background: '#ffffff' }).rotate(8, { background: '#d8dcd0' }).png().toBuffer();
    const page = await sharp({ create: { width: 800, height: 460, channels: 3, background: '#5a6e9a' } }).composite([{ input: code, left: 600, top: 110 }]).jpeg({ quality: 70 }).toBuffer();
    const photo = await sharp(page).blur(0.5).jpeg({ quality: 70 }).toBuffer();
    const [found] = await readQrCodes(photo);
    expect(found?.text).toBe(text);
    const [x, y, w, h] = found!.bbox;
    expect(x).toBeGreaterThan(605);
    expect(y).toBeGreaterThan(115);
    expect(x + w).toBeLessThan(730);
    expect(y + h).toBeLessThan(240);
  });

  it('levels a top edge tilted by a few degrees to the nearest quarter', () => {
    expect(uprightTurn({ x: 0, y: 0 }, { x: 100, y: 12 })).toBe(0);
    expect(uprightTurn({ x: 100, y: 0 }, { x: 0, y: -10 })).toBe(180);
    expect(uprightTurn({ x: 0, y: 0 }, { x: -8, y: 100 })).toBe(270);
    expect(uprightTurn({ x: 0, y: 100 }, { x: 6, y: 0 })).toBe(90);
  });
});

describe("a CNH code's values printed on the page", () => {
  const code = { text: JSON.stringify({ nome: 'PAULA DAS PEREIRA', cpf: '95629913182', numeroRegistro: '88975241796', dataNascimento: '1965-04-06', validade: '2024-10-05' }), turn: 0, bbox: [0, 0, 10, 10] } as Parameters<typeof codeValuesPrinted>[0][number];
  it('are found as a face prints them: a date day first, a grouped CPF (a comma read for a dot)', () => {
    expect(codeValuesPrinted([code], 'PAULA 06/04/1965')).toBe(true);
    expect(codeValuesPrinted([code], 'CPF 956.299,131-82')).toBe(true);
    expect(codeValuesPrinted([code], 'VALIDADE 05.10.2024')).toBe(true);
  });
  it("are not the back's print: its issue date, the code's digits run together (a zone's), another holder's date", () => {
    expect(codeValuesPrinted([code], 'OBSERVAÇÕES LOCAL GOIÂNIA, AP 05/10/2019')).toBe(false);
    expect(codeValuesPrinted([code], 'I<BRA95629913182<<<< 6504061F2410057BRA')).toBe(false);
    expect(codeValuesPrinted([code], '07/08/1992')).toBe(false);
    expect(codeValuesPrinted([], '06/04/1965')).toBe(false);
  });
});
