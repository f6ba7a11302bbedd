import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generate, type DocType } from '@/scripts/synth';
import { intake } from '../media';
import { fromGrey, toGrey } from './box';
import { preparedPage } from './engine';
import { labelOrder, labelsSayUpright, labelsSayUpsideDown } from './label-order';

const FIELDS: [string, string][] = [
  ['Nome', 'ANTONIO DA SOUZA PEREIRA'],
  ['Data de nascimento', '12/03/1958'],
  ['Filiação', 'PAULA OLIVEIRA ROCHA'],
  ['Naturalidade', 'SÃO PAULO - SP'],
];
const MORE: [string, string][] = [
  ['Validade', '11/01/2031'],
  ['Registro', '71825784606'],
  ['CPF', '587.791.763-30'],
  ['Órgão emissor', 'SSP/SP'],
];

/** A form as a reading gets it (level, 1600 px wide): in two columns, each label small just above its value; `turn` 180 for upside down. */
async function form(turn: 0 | 180, labelPx = 15, valuePx = 28) {
  const column = (fields: [string, string][], x: number) =>
    fields
      .map(([label, value], i) => {
        const y = 170 + i * 110;
        return `<text x="${x}" y="${y}" font-family="Liberation Sans, sans-serif" font-size="${labelPx}" fill="#303030">${label}</text><text x="${x}" y="${y + valuePx + 8}" font-family="Liberation Sans, sans-serif" font-weight="bold" font-size="${valuePx}" fill="#101010">${value}</text>`;
      })
      .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="1600" height="1000" fill="#e4ece0"/>${column(FIELDS, 120)}${column(MORE, 900)}</svg>`;
  return toGrey(sharp(await sharp(Buffer.from(svg)).rotate(turn).png().toBuffer()));
}

describe('label order', () => {
  it('tells an upright form from one upside down by its labels printed small above their values', async () => {
    const upright = await labelOrder(await form(0));
    expect(upright.above).toBeGreaterThanOrEqual(6);
    expect(labelsSayUpright(upright)).toBe(true);
    expect(labelsSayUpsideDown(upright)).toBe(false);
    const turned = await labelOrder(await form(180));
    expect(turned.below).toBeGreaterThanOrEqual(6);
    expect(labelsSayUpsideDown(turned)).toBe(true);
    expect(labelsSayUpright(turned)).toBe(false);
  });

  it('says nothing of lines all of one size (a letter, a paragraph): no label to tell by', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `<text x="120" y="${120 + i * 60}" font-family="Liberation Sans, sans-serif" font-size="26" fill="#101010">LINHA ${i} DE UM TEXTO CORRIDO SEM ROTULOS NEM CAMPOS</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#ffffff"/>${lines}</svg>`;
    const order = await labelOrder(await toGrey(sharp(Buffer.from(svg))));
    expect(labelsSayUpright(order)).toBe(false);
    expect(labelsSayUpsideDown(order)).toBe(false);
  });

  it('on tuning photos (a CNH front, a passport page), tells upright from upside down; a CNH back whose QR code rows looked like labels below values is not turned', async () => {
    const pages: [DocType, number][] = [['CNH_FRENTE', 3000], ['PASSAPORTE', 3002], ['CNH_VERSO', 3001]];
    for (const [type, seed] of pages) {
      const sample = await generate(type, seed, 'photo', { variety: true, rough: true });
      expect(sample.damage.turn).toBe(0);
      const page = await preparedPage(await intake(sample.image.toString('base64'), 'image'));
      const order = await labelOrder(page);
      expect(labelsSayUpsideDown(order), `${type} ${seed} ${JSON.stringify(order)}`).toBe(false);
      if (type === 'CNH_VERSO') continue; // (its labels are few: undecided either way up)
      expect(labelsSayUpright(order), `${type} ${seed} ${JSON.stringify(order)}`).toBe(true);
      expect(labelsSayUpsideDown(await labelOrder(await toGrey(fromGrey(page).rotate(180)))), `${type} ${seed} turned`).toBe(true);
    }
  });

  it('says nothing of a blank page or one too narrow to cut into strips', async () => {
    const blank = await toGrey(sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d8d8d8' } }).png());
    expect(await labelOrder(blank)).toEqual({ above: 0, below: 0 });
    expect(await labelOrder({ data: new Uint8Array(100 * 60).fill(255), width: 100, height: 60 })).toEqual({ above: 0, below: 0 });
  });
});
