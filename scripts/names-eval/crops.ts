/**
 * Accent recall and false-accent rate of the name reading on crops rendered
 * here, in Debian system fonts the tuned generator does not use (fonts-dejavu,
 * fonts-liberation, fonts-freefont-ttf, fonts-crosextra-carlito,
 * fonts-urw-base35). Each name line is printed twice, with its accents and
 * without them (as many documents print names), lightly blurred and
 * JPEG-compressed, read by the OCR pool as one line, and given to
 * `restoreAccents` with the rest of the line.
 * Run: `npx tsx scripts/names-eval/crops.ts [lines per font]`.
 */
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { closeOcrPool, ocrPool } from '../../lib/engines/ocr';
import { restoreAccents } from '../../lib/engines/documents/accents';
import { toGrey } from '../../lib/engines/documents/box';
import { fold } from '../../lib/engines/documents/text';

const FONTS: [string, string][] = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', 'Eval DejaVu Bold'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', 'Eval Liberation'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf', 'Eval Liberation Bold'],
  ['/usr/share/fonts/truetype/freefont/FreeSans.ttf', 'Eval FreeSans'],
  ['/usr/share/fonts/truetype/freefont/FreeSansBold.ttf', 'Eval FreeSans Bold'],
  ['/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf', 'Eval Carlito'],
  ['/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf', 'Eval URW Gothic'],
  ['/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf', 'Eval Liberation Serif'],
];

/** Names drawn from outside the tuned generator's lists (accented words, and unaccented ones around them). */
const NAMES = [
  'FÁBIO HENRIQUE DE ARAÚJO', 'INÊS MACHADO SIMÕES', 'CAIO AUGUSTO BRANDÃO', 'MÔNICA DE PÁDUA', 'SEBASTIÃO CÂNDIDO RAMOS',
  'ÂNGELA MARIA GUSMÃO', 'LÚCIO FLÁVIO PINTO', 'CÉSAR AUGUSTO FALCÃO', 'JÉSSICA NÓBREGA', 'OTÁVIO LEÃO DE SÁ',
  'VALÉRIA CORRÊA LIMA', 'HÉLIO GALVÃO', 'NATÁLIA DO ROSÁRIO', 'GETÚLIO MAGALHÃES', 'CÍNTIA LOURENÇO',
  'AURÉLIO JORDÃO NETO', 'PLÍNIO DAMIÃO', 'TÂNIA ROMÃO FRANÇA', 'ÉRICO VERÍSSIMO', 'SÍLVIA PAIXÃO',
];

interface Tally { printed: number; right: number; wrongAccent: number; plainPrinted: number; falseAccent: number; plainRight: number }

async function crop(text: string, font: string, capPx: number, blur: number, pattern: boolean): Promise<{ png: Buffer; grey: Awaited<ReturnType<typeof toGrey>> }> {
  const size = Math.round(capPx / 0.72);
  const canvas = createCanvas(10, 10);
  const probe = canvas.getContext('2d');
  probe.font = `${size}px "${font}"`;
  const width = Math.ceil(probe.measureText(text).width) + size * 2;
  const height = Math.round(size * 2.4);
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(0, 0, width, height);
  if (pattern) {
    // A security print of thin wavy lines behind the text, as many cards have.
    ctx.strokeStyle = '#c9c2d8';
    ctx.lineWidth = 1;
    for (let y0 = -height; y0 < height * 2; y0 += 7) {
      ctx.beginPath();
      for (let x = 0; x <= width; x += 4) ctx.lineTo(x, y0 + Math.sin(x / 23) * 6 + x * 0.15);
      ctx.stroke();
    }
  }
  ctx.fillStyle = '#1a1a1a';
  ctx.font = `${size}px "${font}"`;
  ctx.fillText(text, size, Math.round(size * 1.55));
  // Photographed small and scaled up again, as the engine scales a card to its working size.
  const jpeg = await sharp(c.toBuffer('image/png')).blur(blur).jpeg({ quality: 55 }).toBuffer();
  const up = sharp(jpeg).resize({ width: Math.round(width * 2), kernel: 'lanczos3' }).png();
  const png = await up.toBuffer();
  return { png, grey: await toGrey(sharp(png)) };
}

const hasMark = (w: string) => w !== fold(w);

async function main() {
  const perFont = Number(process.argv[2] ?? NAMES.length);
  const fonts = FONTS.filter(([file]) => existsSync(file));
  for (const [file, family] of fonts) GlobalFonts.registerFromPath(file, family);
  const tally: Tally = { printed: 0, right: 0, wrongAccent: 0, plainPrinted: 0, falseAccent: 0, plainRight: 0 };
  const byFont: Record<string, Tally> = {};
  const misses: string[] = [];
  let i = 0;
  for (const [, family] of fonts) {
    const t = (byFont[family] = { printed: 0, right: 0, wrongAccent: 0, plainPrinted: 0, falseAccent: 0, plainRight: 0 });
    for (const name of NAMES.slice(0, perFont)) {
      i++;
      const capPx = 8 + (i % 4) * 3;
      const blur = 0.4 + (i % 3) * 0.3;
      const pattern = i % 2 === 0;
      for (const accented of [true, false]) {
        const printed = accented ? name : fold(name);
        const { png, grey } = await crop(printed, family, capPx, blur, pattern);
        const out = await ocrPool().recognize({ image: png, mode: 'line' });
        const lines = out.lines.map((l) => ({ ...l, words: l.words.map((w) => ({ ...w })) }));
        const raw = lines.flatMap((l) => l.words.map((w) => w.text));
        restoreAccents(grey, lines);
        const got = lines.flatMap((l) => l.words.map((w) => w.text));
        const want = printed.split(' ');
        for (const [k, w] of want.entries()) {
          const g = got[k] ?? '';
          if (fold(g) !== fold(w)) continue; // letters misread: counted by the names-exact figure, not here
          if (hasMark(name.split(' ')[k]!)) {
            if (accented) {
              for (const x of [tally, t]) (x.printed++, g === w ? x.right++ : hasMark(g) ? x.wrongAccent++ : 0);
              if (g !== w) misses.push(`${family} ${capPx}px${pattern ? ' pattern' : ''}: ${w} -> ${g} (OCR read ${raw[k]})`);
            } else {
              for (const x of [tally, t]) (x.plainPrinted++, hasMark(g) ? x.falseAccent++ : x.plainRight++);
              if (hasMark(g)) misses.push(`${family} ${capPx}px${pattern ? ' pattern' : ''} plain: ${w} -> ${g} (OCR read ${raw[k]})`);
            }
          }
        }
      }
    }
  }
  const pct = (a: number, b: number) => `${b ? ((100 * a) / b).toFixed(1) : '-'} % (${a}/${b})`;
  for (const [f, t] of Object.entries(byFont)) console.log(`${f.padEnd(24)} recall ${pct(t.right, t.printed)}  false accents ${pct(t.falseAccent, t.plainPrinted)}`);
  console.log(`ALL                      recall ${pct(tally.right, tally.printed)}  wrong mark ${pct(tally.wrongAccent, tally.printed)}  false accents ${pct(tally.falseAccent, tally.plainPrinted)}`);
  console.log(misses.slice(0, 40).join('\n'));
  await closeOcrPool();
}

await main();
