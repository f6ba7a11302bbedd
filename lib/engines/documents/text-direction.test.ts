import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toGrey } from './box';
import { linesStandOnEnd, textDirection } from './text-direction';

/** A grey card with lines of text in two columns, slightly tilted, on a white page, turned `turn` degrees. */
async function card(turn: 0 | 90 | 180 | 270) {
  const left = ['NOME', 'ANTONIO DA SOUZA PEREIRA', 'DATA DE NASCIMENTO', '12/03/1958', 'FILIACAO', 'PAULA OLIVEIRA ROCHA', 'JOSE DE RODRIGUES RAMOS'];
  const right = ['VALIDADE', '11/01/2031', 'REGISTRO', '71825784606', 'CPF', '587.791.763-30'];
  const text = (lines: string[], x: number) => lines.map((l, i) => `<text x="${x}" y="${170 + i * 44}" font-family="Liberation Sans, sans-serif" font-size="${i % 2 ? 26 : 16}" fill="#202020">${l}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="760"><rect width="1200" height="760" fill="#ffffff"/>
    <g transform="rotate(3 600 380)"><rect x="80" y="90" width="1040" height="580" rx="24" fill="#c9d8c4"/>${text(left, 130)}${text(right, 720)}</g></svg>`;
  return toGrey(sharp(await sharp(Buffer.from(svg)).rotate(turn).png().toBuffer()));
}

describe('text direction', () => {
  it('tells lines lying level (upright or upside down) from lines standing on end (a quarter turn either way)', async () => {
    for (const turn of [0, 180] as const) {
      const d = await textDirection(await card(turn));
      expect(d.level, `turn ${turn}`).toBeGreaterThan(2 * d.standing);
      expect(linesStandOnEnd(d)).toBe(false);
    }
    for (const turn of [90, 270] as const) {
      const d = await textDirection(await card(turn));
      expect(d.standing, `turn ${turn}`).toBeGreaterThan(2 * d.level);
      expect(linesStandOnEnd(d)).toBe(true);
    }
  });

  it('says nothing of a page without print (no tile votes), nor of one too small to measure', async () => {
    const blank = await toGrey(sharp({ create: { width: 900, height: 600, channels: 3, background: '#d0d0d0' } }).png());
    expect(await textDirection(blank)).toEqual({ level: 0, standing: 0 });
    expect(await textDirection({ data: new Uint8Array(30 * 30), width: 30, height: 30 })).toEqual({ level: 0, standing: 0 });
  });
});
