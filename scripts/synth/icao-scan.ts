/**
 * How a specimen's page lies on a catalogue scan (for tuning the MRZ reader): alone, a visa or a residence
 * permit's sticker on a passport page with the page's own print and stamps around it, a passport's data page
 * under the page above it (the spread), or a card's front beside or above its back.
 */
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import type { MrzFormat } from '../../lib/engines/documents/mrz-layout';
import type { Rng } from './random';

export type ScanLayout = 'alone' | 'onPage' | 'spread' | 'twoSides';

export function pickScanLayout(format: MrzFormat, r: Rng): ScanLayout {
  if (format === 'MRVA' || format === 'MRVB') return r.chance(0.6) ? 'onPage' : 'alone';
  if (format === 'TD2') return r.chance(0.35) ? 'onPage' : 'alone';
  if (format === 'TD3') return r.chance(0.4) ? 'spread' : 'alone';
  return r.chance(0.4) ? 'twoSides' : 'alone';
}

const PRINT_WORDS = ['OBSERVATIONS', 'AMENDMENTS', 'ENDORSEMENTS', 'VISAS', 'THE BEARER', 'AUTHORITY', 'ISSUED AT', 'REMARKS', 'VALID FOR', 'ENTRIES', 'PAGE'];

/** Rows of small print (a page's notes, a card front's fields): words of the issuers' usual wording. */
function smallPrint(ctx: SKRSContext2D, x: number, y: number, w: number, rows: number, size: number, r: Rng) {
  ctx.fillStyle = r.pick(['#333', '#2a3550', '#4a3a3a']);
  ctx.font = `${Math.round(size)}px "Synth DejaVu"`;
  for (let k = 0; k < rows; k++) {
    const words = Array.from({ length: r.int(3, 8) }, () => r.pick(PRINT_WORDS)).join(' ');
    ctx.fillText(words, x, y + k * size * 1.6, w);
  }
}

/** A round entry stamp with its text, in a stamp pad's ink. */
function stamp(ctx: SKRSContext2D, cx: number, cy: number, radius: number, r: Rng) {
  ctx.save();
  ctx.strokeStyle = ctx.fillStyle = r.pick(['rgba(60,60,160,0.7)', 'rgba(120,40,120,0.65)', 'rgba(30,110,60,0.6)']);
  ctx.lineWidth = radius * 0.06;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.stroke();
  ctx.font = `${Math.round(radius * 0.32)}px "Synth DejaVu Bold"`;
  ctx.textAlign = 'center';
  ctx.fillText(r.pick(['ENTRY', 'ARRIVAL', 'SAÍDA', 'DEPARTURE']), cx, cy - radius * 0.1);
  ctx.fillText(`${r.int(1, 28)}.${r.int(1, 12)}.${r.int(2010, 2030)}`, cx, cy + radius * 0.35);
  ctx.restore();
}

function paper(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: Rng) {
  ctx.fillStyle = r.pick(['#f3f0e6', '#eef1f4', '#f4ecef', '#f0f4ea']);
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = 'rgba(120,140,170,0.25)';
  ctx.lineWidth = 1;
  for (let k = 0; k < r.int(10, 22); k++) {
    ctx.beginPath();
    const a = r.float(4, 20);
    const f = r.float(0.006, 0.03);
    for (let px = 0; px <= w; px += 6) ctx.lineTo(x + px, y + (k / 20) * h + a * Math.sin(px * f + k));
    ctx.stroke();
  }
}

/** The page as the scan shows it, at the page's own scale (`mm` px per millimetre). */
export async function composeScan(page: { png: Buffer; width: number; height: number }, layout: ScanLayout, mm: number, r: Rng): Promise<{ png: Buffer; width: number; height: number }> {
  if (layout === 'alone') return page;
  const img = await loadImage(page.png);
  const { width: pw, height: ph } = page;
  if (layout === 'onPage') {
    // A passport page (125 × 88 mm, or the sticker's size and some) with the sticker near its top or middle.
    const w = Math.max(Math.round(125 * mm), pw + Math.round(8 * mm));
    const h = Math.max(Math.round(88 * mm), ph + Math.round(r.float(14, 30) * mm));
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    paper(ctx, 0, 0, w, h, r);
    const x = Math.round(r.float(2, w / mm - pw / mm - 2) * mm);
    const y = Math.round(r.float(3, h / mm - ph / mm - 3) * mm);
    // The page's own print where the sticker leaves room: a heading and rows above, its number and a line below.
    if (y > 7 * mm) smallPrint(ctx, 4 * mm, 5 * mm, w - 8 * mm, Math.floor((y - 5 * mm) / (4 * mm)), 2.4 * mm, r);
    if (h - y - ph > 6 * mm) smallPrint(ctx, 4 * mm, y + ph + 5 * mm, w - 8 * mm, Math.floor((h - y - ph - 4 * mm) / (4 * mm)), 2.4 * mm, r);
    ctx.drawImage(img, x, y);
    // Stamps beside the sticker or over its top edge, never over its zone at the bottom.
    for (let k = 0; k < r.int(0, 3); k++) stamp(ctx, x + r.float(0.1, 0.9) * pw, y + r.float(-0.15, 0.25) * ph, r.float(8, 13) * mm, r);
    return { png: canvas.toBuffer('image/png'), width: w, height: h };
  }
  if (layout === 'spread') {
    // The page above (same width), then the fold, then the data page.
    const upper = Math.round(ph * r.float(0.85, 1));
    const canvas = createCanvas(pw, upper + ph);
    const ctx = canvas.getContext('2d');
    paper(ctx, 0, 0, pw, upper, r);
    smallPrint(ctx, 6 * mm, 10 * mm, pw - 12 * mm, Math.floor((upper - 14 * mm) / (4.5 * mm)), 2.6 * mm, r);
    ctx.drawImage(img, 0, upper);
    const fold = ctx.createLinearGradient(0, upper - 3 * mm, 0, upper + 3 * mm);
    fold.addColorStop(0, 'rgba(0,0,0,0)');
    fold.addColorStop(0.5, 'rgba(0,0,0,0.18)');
    fold.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = fold;
    ctx.fillRect(0, upper - 3 * mm, pw, 6 * mm);
    return { png: canvas.toBuffer('image/png'), width: pw, height: upper + ph };
  }
  // A card's front (portrait and printed fields, no zone) beside or above its back.
  const beside = r.chance(0.5);
  const gap = Math.round(r.float(4, 10) * mm);
  const [w, h] = beside ? [2 * pw + gap, ph] : [pw, 2 * ph + gap];
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  paper(ctx, 0, 0, pw, ph, r);
  ctx.fillStyle = '#9aa4ad';
  ctx.fillRect(4 * mm, 10 * mm, pw * 0.28, ph * 0.6);
  smallPrint(ctx, pw * 0.28 + 8 * mm, 12 * mm, pw * 0.6, 7, 2.4 * mm, r);
  ctx.drawImage(img, beside ? pw + gap : 0, beside ? 0 : ph + gap);
  return { png: canvas.toBuffer('image/png'), width: w, height: h };
}
