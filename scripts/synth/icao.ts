/**
 * ICAO documents rendered with the OCR-B font (Debian fonts-ocr-b) on varied
 * page layouts (passport photo page, card back, TD2 card, visa sticker), then
 * photographed and damaged: for evaluating the MRZ reader, never for tuning it
 * on the evaluation pages themselves.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { MrzFormat } from '../../lib/engines/documents/mrz-layout';
import { pickDamage, photograph, type Damage } from './damage';
import { composeScan, pickScanLayout } from './icao-scan';
import { OCRB, registerOcrb } from './fonts';
import { exampleZone, randomZone, type ZoneTruth } from './icao-zone';
import { drawCovering, renderStore } from './layouts';
import { rng, type Rng } from './random';

export { ICAO_EXAMPLES, exampleZone, randomZone, type ZoneTruth } from './icao-zone';

export const MRZ_FORMATS: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'];

/** Page size in mm of each format (ICAO 9303 Part 4-7). */
const SIZE_MM: Record<MrzFormat, [number, number]> = { TD1: [85.6, 54], TD2: [105, 74], TD3: [125, 88], MRVA: [120, 80], MRVB: [105, 74] };

export interface IcaoPage {
  /** PNG of the flat render. */
  png: Buffer;
  width: number;
  height: number;
  truth: ZoneTruth;
}

/** Guilloche-like background: pale waves in a tint, as security prints have. */
function background(ctx: SKRSContext2D, w: number, h: number, r: Rng) {
  const tint = r.pick(['#f4efe2', '#e9f1f7', '#f5eaf0', '#eef5e9', '#ffffff']);
  ctx.fillStyle = tint;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = r.pick(['rgba(120,150,200,0.25)', 'rgba(200,140,120,0.25)', 'rgba(120,180,140,0.25)']);
  ctx.lineWidth = 1;
  const waves = r.int(8, 30);
  for (let k = 0; k < waves; k++) {
    ctx.beginPath();
    const a = r.float(5, 30);
    const f = r.float(0.005, 0.03);
    const y0 = (k / waves) * h;
    for (let x = 0; x <= w; x += 6) ctx.lineTo(x, y0 + a * Math.sin(x * f + k));
    ctx.stroke();
  }
}

/** A portrait stand-in: a shaded rectangle with a head and shoulders. */
function portrait(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: Rng) {
  const g = ctx.createLinearGradient(x, y, x, y + h);
  g.addColorStop(0, r.pick(['#c9d6e3', '#d8d8d8', '#e3dccf']));
  g.addColorStop(1, '#9aa4ad');
  ctx.fillStyle = g;
  ctx.fillRect(x, y, w, h);
  ctx.fillStyle = r.pick(['#6b4f3a', '#caa27c', '#3a2a20', '#e0b899']);
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 0.4, w * 0.22, h * 0.22, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(x + w * 0.15, y + h * 0.68, w * 0.7, h * 0.32);
  // A real face when one is given (real specimens carry a photograph): drawn over the drawn one, so the page's random
  // stream stays as it was.
  const face = renderStore.getStore()?.portrait;
  if (face) drawCovering(ctx, face, x, y, w, h);
}

/** Printed fields in a sans font: labels small, values larger, as the visual zone prints them. */
function printedZone(ctx: SKRSContext2D, t: ZoneTruth, x: number, y: number, w: number, bottom: number, mm: number, r: Rng) {
  const font = r.pick(['Synth Roboto', 'Synth Open Sans', 'Synth DejaVu']);
  const rows: [string, string][] = [
    ['Surname / Nom', t.lastName],
    ['Given names / Prénoms', t.firstName],
    ['Nationality / Nationalité', t.nationality],
    ['Date of birth / Date de naissance', t.birthDate],
    ['Sex / Sexe', t.sex],
    ['Document No. / Numéro', t.documentNumber],
    ['Date of expiry / Date d’expiration', t.expirationDate],
  ];
  let at = y;
  for (const [label, value] of rows.slice(0, r.int(4, rows.length))) {
    // Nothing printed over the zone's clear area.
    if (at + mm * 4 > bottom) break;
    ctx.fillStyle = '#333';
    ctx.font = `${Math.round(mm * 1.6)}px "${font}"`;
    ctx.fillText(label, x, at);
    ctx.fillStyle = '#111';
    ctx.font = `${Math.round(mm * 2.6)}px "${font} Bold"`;
    ctx.fillText(value, x + r.float(0, 2) * mm, at + mm * 3.2, w);
    at += mm * 6.4;
  }
}

/** How an issuer's printer sets the zone (a scan varies them; the photo set prints ICAO's nominal zone). */
interface ZoneInk {
  /** Character pitch over ICAO's 2.54 mm. */
  pitch: number;
  colour: string;
  /** Extra stroke around each glyph, px at render scale (laser engraving prints bolder than inkjet). */
  weight: number;
}

const NOMINAL_INK: ZoneInk = { pitch: 1, colour: '#111', weight: 0 };

/** The zone itself: OCR-B at ICAO's 10 characters per 25.4 mm, lines at about 4 mm pitch, bottom of the page. */
function machineZone(ctx: SKRSContext2D, lines: string[], x: number, bottom: number, mm: number, ink: ZoneInk = NOMINAL_INK) {
  const pitch = 2.54 * mm * ink.pitch;
  ctx.fillStyle = ink.colour;
  ctx.strokeStyle = ink.colour;
  ctx.lineWidth = ink.weight;
  ctx.font = `${Math.round(3.5 * mm)}px "${OCRB}"`;
  const lineGap = (lines.length === 3 ? 4.2 : 4.6) * mm;
  lines.forEach((line, k) => {
    const baseline = bottom - (lines.length - 1 - k) * lineGap;
    [...line].forEach((c, i) => {
      ctx.fillText(c, x + i * pitch, baseline);
      if (ink.weight > 0) ctx.strokeText(c, x + i * pitch, baseline);
    });
  });
}

/** What a catalogue's specimen scan adds: the word SPECIMEN printed over the page, a pattern behind the zone, an issuer's zone ink. */
interface SpecimenMarks {
  overprint?: { word: string; colour: string; angle: number; size: number; y: number; overZone: boolean };
  /** Rows of microprinted capitals (the state's name run on), one of them sometimes just above the zone. */
  microtext: { rows: number; aboveZone: boolean; height: number };
  /** Guilloche carried on behind the zone (many issuers print it there; the photo set keeps the zone on its tint). */
  patternBehindZone: boolean;
  ink: ZoneInk;
}

function pickMarks(r: Rng): SpecimenMarks {
  const overprint = r.chance(0.6)
    ? { word: r.pick(['SPECIMEN', 'SPÉCIMEN', 'MUSTER', 'ESPÉCIMEN', 'VOID', 'CAMPIONE']), colour: r.pick(['rgba(200,30,40,0.35)', 'rgba(90,90,90,0.3)', 'rgba(220,60,60,0.25)']), angle: r.pick([0, -20, -30, 25]), size: r.float(0.08, 0.2), y: r.float(0.3, 0.7), overZone: r.chance(0.35) }
    : undefined;
  const microtext = { rows: r.chance(0.5) ? r.int(1, 4) : 0, aboveZone: r.chance(0.5), height: r.float(1, 1.8) };
  return { overprint, microtext, patternBehindZone: r.chance(0.5), ink: { pitch: r.float(0.95, 1.06), colour: r.pick(['#111', '#1a1f3a', '#2b2b2b', '#444']), weight: r.pick([0, 0, 0.6, 1.2]) } };
}

/** Waves across the zone's band, as guilloche printed under it. */
function patternUnderZone(ctx: SKRSContext2D, w: number, top: number, h: number, r: Rng) {
  ctx.strokeStyle = r.pick(['rgba(110,140,190,0.35)', 'rgba(190,120,110,0.3)', 'rgba(120,160,120,0.35)']);
  ctx.lineWidth = r.float(0.8, 1.6);
  for (let k = 0; k < r.int(10, 24); k++) {
    ctx.beginPath();
    const a = r.float(3, 12);
    const f = r.float(0.01, 0.05);
    const y0 = top + (k / 20) * h;
    for (let x = 0; x <= w; x += 4) ctx.lineTo(x, y0 + a * Math.sin(x * f + k * 1.7));
    ctx.stroke();
  }
}

/** Microprinted capitals in long rows (a state's name over and over), as security print runs them across a page. */
function microtextRows(ctx: SKRSContext2D, w: number, zoneTop: number, mm: number, state: string, m: SpecimenMarks['microtext'], r: Rng) {
  ctx.fillStyle = r.pick(['rgba(60,80,120,0.8)', 'rgba(90,60,60,0.75)', 'rgba(40,40,40,0.7)']);
  ctx.font = `${Math.round(m.height * mm)}px "Synth DejaVu"`;
  const words = r.pick([`${state}REPUBLIC`, `${state}PASSPORT`, 'SPECIMENSPECIMEN', `${state}${state}`]);
  for (let k = 0; k < m.rows; k++) {
    const y = m.aboveZone && k === 0 ? zoneTop - r.float(0.5, 2) * mm : r.float(12, zoneTop / mm - 4) * mm;
    ctx.fillText(words.repeat(40), r.float(2, 6) * mm, y, w - 8 * mm);
  }
}

function overprintWord(ctx: SKRSContext2D, w: number, h: number, zoneTop: number, o: NonNullable<SpecimenMarks['overprint']>) {
  ctx.save();
  ctx.fillStyle = o.colour;
  ctx.font = `${Math.round(h * o.size)}px "Synth DejaVu Bold"`;
  // Over the zone or over the visual zone above it.
  const y = o.overZone ? zoneTop + (h - zoneTop) * 0.6 : zoneTop * o.y;
  ctx.translate(w / 2, y);
  ctx.rotate((o.angle * Math.PI) / 180);
  ctx.textAlign = 'center';
  ctx.fillText(o.word, 0, h * o.size * 0.35);
  ctx.restore();
}

/** One page with the zone on it, flat. `layout` picks among the variants of the format's page; `marks`: a specimen's. */
export function renderIcao(truth: ZoneTruth, r: Rng, mmPx = 12, marks?: SpecimenMarks): IcaoPage {
  registerOcrb();
  const [wmm, hmm] = SIZE_MM[truth.format];
  const w = Math.round(wmm * mmPx);
  const h = Math.round(hmm * mmPx);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  background(ctx, w, h, r);
  const mm = mmPx;
  const zoneLines = truth.lines.length;
  const zoneTop = h - (zoneLines * 4.4 + 4) * mm;
  const titleFont = r.pick(['Synth Roboto Bold', 'Synth Open Sans Bold', 'Synth DejaVu Bold']);
  ctx.fillStyle = '#1d2b4f';
  ctx.font = `${Math.round(mm * 3.4)}px "${titleFont}"`;
  const title = truth.format === 'TD3' ? 'PASSPORT / PASSEPORT' : truth.format.startsWith('MRV') ? 'VISA' : r.pick(['IDENTITY CARD', 'RESIDENCE PERMIT', 'TRAVEL DOCUMENT']);
  ctx.fillText(`${truth.issuingState}  ${title}`, 5 * mm, 7 * mm, w - 10 * mm);
  if (truth.format === 'TD1' && r.chance(0.5)) {
    // A card back: address lines and a barcode-like strip above the zone.
    ctx.fillStyle = '#222';
    ctx.font = `${Math.round(mm * 2.2)}px "Synth DejaVu"`;
    for (let k = 0; k < 3; k++) ctx.fillText(r.pick(['Address / Adresse', 'Place of birth / Lieu de naissance', 'Authority / Autorité', 'Remarks']), 5 * mm, (14 + k * 5) * mm);
  } else {
    const pw = Math.min(w * 0.3, 32 * mm);
    const ph = Math.min(pw * 1.3, zoneTop - 14 * mm);
    const left = truth.format.startsWith('MRV') && r.chance(0.5) ? w - pw - 5 * mm : 5 * mm;
    portrait(ctx, left, 11 * mm, pw, ph, r);
    const textX = left === 5 * mm ? left + pw + 5 * mm : 5 * mm;
    printedZone(ctx, truth, textX, 14 * mm, w - pw - 15 * mm, zoneTop - 2 * mm, mm, r);
  }
  // ICAO puts the zone 1-2 mm from the left edge (with a margin of tolerance) and about 1 mm from the bottom.
  const left = (2 + r.float(0, 2)) * mm;
  const widthMm = truth.lines[0]!.length * 2.54;
  if (marks?.patternBehindZone) patternUnderZone(ctx, w, zoneTop, h - zoneTop, r);
  if (marks?.microtext.rows) microtextRows(ctx, w, zoneTop, mm, truth.issuingState.replace(/</g, ''), marks.microtext, r);
  machineZone(ctx, truth.lines, Math.min(left, (wmm - widthMm * (marks?.ink.pitch ?? 1)) * mm * 0.6), h - (2 + r.float(0, 1.5)) * mm, mm, marks?.ink);
  if (marks?.overprint) overprintWord(ctx, w, h, zoneTop, marks.overprint);
  return { png: canvas.toBuffer('image/png'), width: w, height: h, truth };
}

export interface IcaoSample {
  image: Buffer;
  truth: ZoneTruth;
  damage: Damage;
  seed: number;
}

/**
 * A generated page of the format, photographed: seed 0 is ICAO's own
 * example, others a random holder. Every fourth photo is turned 90, 180 or 270.
 */
export async function generateIcao(format: MrzFormat, seed: number, level: 'clean' | 'photo' | 'scan' = 'photo'): Promise<IcaoSample> {
  const r = rng(seed * 104729 + MRZ_FORMATS.indexOf(format));
  const truth = seed === 0 ? exampleZone(format) : randomZone(format, r);
  if (level === 'scan') return scanned(format, seed, truth);
  const page = renderIcao(truth, r);
  const damage = pickDamage(r, level);
  if (level === 'photo') {
    damage.turn = ([0, 90, 180, 270] as const)[seed % 4]!;
    damage.width = r.chance(0.25) ? 1000 : 1600;
  }
  const image = await photograph(page.png, page.width, page.height, damage, r);
  return { image, truth, damage, seed };
}

/**
 * A specimen as catalogues publish it: scanned flat (a degree or two off), 550–1400 px wide (more for a spread or a
 * sticker on its page, `icao-scan.ts`), JPEG 55–90, with the specimen's marks (an overprint, sometimes across the zone; a pattern behind the zone; an issuer's pitch, ink and
 * weight). On its own stream: the photo set's pages stay as they were.
 */
async function scanned(format: MrzFormat, seed: number, truth: ZoneTruth): Promise<IcaoSample> {
  const r = rng(seed * 7919 + 31 * MRZ_FORMATS.indexOf(format) + 5);
  const mm = 12;
  const layout = pickScanLayout(format, r);
  const page = await composeScan(renderIcao(truth, r, mm, pickMarks(r)), layout, mm, r);
  // A scan of a page and more is wider for the same letters: the width follows what lies on it.
  const wider = layout === 'alone' ? 1 : 1.4;
  const damage: Damage = { perspective: 0, angle: r.float(-1.5, 1.5), turn: 0, blur: r.chance(0.5) ? r.float(0.3, 0.8) : 0, noise: r.int(0, 6), glare: false, shadow: false, quality: r.int(55, 90), width: Math.round(r.int(550, 1400) * wider) };
  const image = await photograph(page.png, page.width, page.height, damage, r);
  return { image, truth, damage, seed };
}
