/**
 * Scanned ICAO 9303 specimen documents, to evaluate a machine-readable-zone
 * reader on material like the specimens governments publish and document
 * catalogues reproduce: passports (data page alone or the whole spread),
 * identity cards and residence permits (TD1 back, or front and back scanned
 * together; TD2), visa stickers (MRV-A, MRV-B) on a passport page. Security
 * print, stylised portraits, SPECIMEN overlays and the OCR-B zone are drawn
 * procedurally; the page is scanned flat (small turn, light blur, JPEG).
 * Same format and seed, same bytes.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { MRZ_FACE, registerUnseenFonts, TYPEFACES, type Typeface } from './fonts';
import { readZone, ZONE_SHAPE, type ZoneReading } from './icao-zones';
import { stream, type Stream } from './random';
import { DATE_STYLES, LABELS, printedDate, specimenDocument, TITLES, type DateStyle, type LabelKey, type Lang, type SpecimenDocument } from './specimen-data';
import { css, emblem, face, microtext, palette, printZone, roundRect, say, securityPrint, signature, type Palette, type Pen, type Rgb, type ZonePrint } from './specimen-paint';

export const SPECIMEN_FORMATS = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'] as const;
export type SpecimenFormat = (typeof SPECIMEN_FORMATS)[number];

/**
 * What the zone says, as printed: codes with their fillers (`P<`, `D<<`), the number without fillers (a TD1's long
 * number in full), name parts with fillers turned into single spaces (a truncated name stays truncated), dates YYMMDD.
 */
export interface SpecimenTruth extends Omit<ZoneReading, 'sex' | 'optional1' | 'optional2' | 'checks'> {
  format: SpecimenFormat;
  lines: string[];
  sex: 'M' | 'F' | '<';
}

export interface SpecimenSample {
  /** JPEG of the scan. */
  image: Buffer;
  truth: SpecimenTruth;
  /** What was drawn, for diagnosis. */
  look: Record<string, string | number | boolean>;
}

type Look = Record<string, string | number | boolean>;

/** A stable 32-bit number for a text (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const dataStream = (format: SpecimenFormat, seed: number) => stream(hash(`specimen|data|${format}|${seed}`));

function truthOf(format: SpecimenFormat, doc: SpecimenDocument): SpecimenTruth {
  const r = readZone(format, doc.lines);
  return {
    format,
    lines: [...doc.lines],
    documentCode: r.documentCode,
    issuingState: r.issuingState,
    nationality: r.nationality,
    documentNumber: r.documentNumber,
    lastName: r.lastName,
    firstName: r.firstName,
    birthDate: r.birthDate,
    expirationDate: r.expirationDate,
    sex: r.sex as SpecimenTruth['sex'],
  };
}

/** The zone and truth of one specimen without drawing it (the same as generateSpecimen's). */
export function specimenTruth(format: SpecimenFormat, seed: number): SpecimenTruth {
  return truthOf(format, specimenDocument(format, dataStream(format, seed)));
}

/** Physical sizes, mm (ICAO 9303 Parts 4 to 7). */
const SIZE: Record<SpecimenFormat, [number, number]> = { TD1: [85.6, 53.98], TD2: [105, 74], TD3: [125, 88], MRVA: [120, 80], MRVB: [105, 74] };
const PAGE: [number, number] = [125, 88];
/** OCR-B capitals are 0.71 em high. */
const CAP = 0.71;

// ---------------------------------------------------------------------------------------------
// One sheet being drawn (a data page, a card side, a sticker, a passport page).

interface Sheet {
  pen: Pen;
  canvas: Canvas;
  w: number;
  h: number;
  pal: Palette;
  face: Typeface;
  langs: Lang[];
  sep: string;
  numbered: boolean;
  n: number;
  dateStyle: DateStyle;
  word: string;
  label: number;
  value: number;
}

interface Style {
  face: Typeface;
  langs: Lang[];
  sep: string;
  numbered: boolean;
  dateStyle: DateStyle;
  pal: Palette;
  /** The overprint's word, the same on every side of one document. */
  word: string;
}

const MARK_WORDS: Partial<Record<Lang, string[]>> = { de: ['MUSTER', 'MUSTER'], fr: ['SPÉCIMEN', 'SPÉCIMEN'], es: ['ESPÉCIMEN', 'MUESTRA'], pt: ['ESPÉCIME', 'ESPÉCIMEN'], pl: ['WZÓR'], it: ['FACSIMILE'], sv: ['PROV'], fi: ['MALLI'] };

function styleFor(doc: SpecimenDocument, s: Stream): Style {
  const own = doc.state.langs;
  const pool: Lang[] = own.includes('en') ? own : [own[0]!, 'en', ...own.slice(1)];
  const count = pool.length === 1 ? 1 : s.whole(2, Math.min(3, pool.length));
  const word = s.maybe(0.45) ? 'SPECIMEN' : s.one([...(MARK_WORDS[own[0]!] ?? []), 'SPECIMEN', 'VOID', 'SAMPLE']);
  return { face: s.one(TYPEFACES), langs: pool.slice(0, count), sep: s.one([' / ', '/', ' / ', ' • ']), numbered: s.maybe(0.2), dateStyle: s.one(DATE_STYLES), pal: palette(s), word };
}

function sheet(k: number, s: Stream, w: number, h: number, st: Style, pal = st.pal): Sheet {
  const canvas = createCanvas(Math.round(w * k), Math.round(h * k));
  return { pen: { ctx: canvas.getContext('2d'), k, s }, canvas, w, h, pal, face: st.face, langs: st.langs, sep: st.sep, numbered: st.numbered, n: 0, dateStyle: st.dateStyle, word: st.word, label: 1.7, value: 2.9 };
}

function labelText(sh: Sheet, key: LabelKey): string {
  const t = [...new Set(sh.langs.map((l) => LABELS[l][key]))].join(sh.sep);
  return sh.numbered ? `${++sh.n}. ${t}` : t;
}

/** A label over its value; returns the value's baseline. */
function field(sh: Sheet, key: LabelKey | string, value: string, x: number, y: number, maxW: number, valueSize = sh.value): number {
  const lab = key in LABELS.en ? labelText(sh, key as LabelKey) : key;
  say(sh.pen, lab, x, y, sh.label, sh.face.label, css(sh.pal.label), maxW);
  const vy = y + sh.label * 0.35 + valueSize * 0.82;
  if (value) say(sh.pen, value, x, vy, valueSize, sh.face.value, css(sh.pal.value), maxW);
  return vy;
}

const titleOf = (sh: Sheet, kind: SpecimenDocument['kind']) => [...new Set(sh.langs.map((l) => TITLES[l][kind]))].join(sh.sep === ' • ' ? ' • ' : ' / ');
const when = (sh: Sheet, t: SpecimenDocument['birth']) => printedDate(t, sh.dateStyle, sh.langs[0]!);
const sexText = (doc: SpecimenDocument, s: Stream) => (doc.sex === '<' ? 'X' : s.maybe(0.2) ? `${doc.sex}/${doc.sex}` : doc.sex);
const nationalityText = (doc: SpecimenDocument, s: Stream) => (s.maybe(0.7) ? doc.holderState.demonym : doc.holderState.code.replace(/</g, ''));
const motto = (doc: SpecimenDocument) => doc.state.names[0]!.replace(/\s+/g, '');

function background(sh: Sheet, doc: SpecimenDocument, look: Look, key: string, density: number): void {
  look[key] = securityPrint(sh.pen, { x: 0, y: 0, w: sh.w, h: sh.h }, sh.pal, { density, motto: motto(doc) }).join('+');
}

// ---------------------------------------------------------------------------------------------
// The machine-readable zone: where and how it is printed.

interface ZonePlan extends ZonePrint {
  /** Top of the zone's clear area and of the first line's capitals, mm. */
  top: number;
  cap: number;
  lines: number;
  background: 'clean' | 'pale' | 'full';
  overlayFirst: boolean;
}

function zonePlan(format: SpecimenFormat, w: number, h: number, s: Stream, look: Look): ZonePlan {
  const { lines, length } = ZONE_SHAPE[format];
  const cap = s.between(2.15, 2.5);
  // About 10 characters per inch (2.54 mm), varying ±6 % between issuers, as long as the line fits.
  const pitch = Math.min(2.54 * s.between(0.94, 1.06), (w - 2) / length);
  const room = w - length * pitch;
  const x = Math.max(0.8, Math.min(s.between(1, 4), room - 0.8));
  const linePitch = format === 'TD1' ? s.between(3.5, 4.4) : s.between(3.8, 4.9);
  const bottom = format === 'TD1' ? s.between(2.8, 4.5) : s.between(3.2, 6.2);
  const y = h - bottom - (lines - 1) * linePitch;
  const r = s.u();
  const ink: Rgb = r < 0.45 ? [8, 8, 10] : r < 0.65 ? [18, 24, 48] : r < 0.85 ? [34, 34, 38] : [62, 62, 68];
  const stroke = s.maybe(0.3) ? 0 : s.between(0, 1.5);
  const bg = s.u();
  const plan: ZonePlan = {
    x,
    y,
    pitch,
    linePitch,
    font: cap / CAP,
    ink,
    stroke,
    jitter: s.maybe(0.5) ? s.between(0, 0.06) : 0,
    family: MRZ_FACE,
    top: y - cap - 1.6,
    cap,
    lines,
    background: bg < 0.45 ? 'clean' : bg < 0.75 ? 'pale' : 'full',
    overlayFirst: s.maybe(0.5),
  };
  Object.assign(look, {
    mrzPitchMm: +pitch.toFixed(3),
    mrzCpi: +(25.4 / pitch).toFixed(2),
    mrzCapMm: +cap.toFixed(3),
    mrzLinePitchMm: +linePitch.toFixed(3),
    mrzLeftMm: +x.toFixed(2),
    mrzBottomMm: +bottom.toFixed(2),
    mrzInk: css(ink),
    mrzStrokePx: +stroke.toFixed(2),
    mrzJitterMm: +plan.jitter.toFixed(3),
    mrzBackground: plan.background,
  });
  return plan;
}

function zoneBackground(sh: Sheet, z: ZonePlan, look: Look): void {
  const { ctx, k, s } = sh.pen;
  const top = z.top - s.between(0.3, 1.5);
  if (z.background === 'clean') {
    const white = s.maybe(0.6);
    ctx.fillStyle = white ? 'rgb(252,252,250)' : css(sh.pal.paper.map((v) => Math.min(255, v + 4)) as Rgb);
    ctx.fillRect(0, top * k, sh.w * k, (sh.h - top) * k);
  } else if (z.background === 'pale') {
    const a = s.between(0.4, 0.75);
    look.mrzBandAlpha = +a.toFixed(2);
    ctx.fillStyle = `rgba(255,255,255,${a.toFixed(3)})`;
    ctx.fillRect(0, top * k, sh.w * k, (sh.h - top) * k);
  }
}

/** The SPECIMEN / MUSTER / VOID marking; crosses the zone only when `over` says so. */
function specimenMark(sh: Sheet, z: ZonePlan | null, look: Look, prefix: string): void {
  const { ctx, k, s } = sh.pen;
  const r = s.u();
  const mode = r < 0.08 ? 'none' : r < 0.48 ? 'diagonal' : r < 0.68 ? 'horizontal' : r < 0.88 ? 'stamp' : 'tiled';
  look[`${prefix}Overlay`] = mode;
  if (mode === 'none') return;
  const word = sh.word;
  const color: Rgb = s.one<Rgb>([[210, 25, 35], [190, 30, 40], [120, 120, 124], [90, 90, 96], [230, 60, 60]]);
  const over = z !== null && mode !== 'stamp' && s.maybe(0.22);
  let alpha = s.between(0.18, 0.5);
  if (over) alpha = Math.min(alpha, mode === 'tiled' ? 0.22 : 0.34);
  const outline = s.maybe(0.2);
  Object.assign(look, { [`${prefix}OverlayText`]: word, [`${prefix}OverlayColour`]: css(color), [`${prefix}OverlayAlpha`]: +alpha.toFixed(2), [`${prefix}OverlayOverMrz`]: over, [`${prefix}OverlayOutline`]: outline });
  ctx.save();
  if (z && !over) {
    ctx.beginPath();
    ctx.rect(0, 0, sh.w * k, (z.top - 0.8) * k);
    ctx.clip();
  }
  const family = s.one(['U Liberation Sans Bold', 'U Nimbus Sans Bold', 'U Roman Bold', 'U Gothic Demi', 'U FreeSans Bold']);
  const paint = (text: string, x: number, y: number, size: number, angle: number) => {
    ctx.save();
    ctx.translate(x * k, y * k);
    ctx.rotate(angle);
    ctx.font = `${size * k}px "${family}"`;
    const tw = ctx.measureText(text).width;
    if (outline) {
      ctx.strokeStyle = css(color, alpha * 1.6);
      ctx.lineWidth = Math.max(1, size * 0.04 * k);
      ctx.strokeText(text, -tw / 2, (size * 0.35) * k);
    } else {
      ctx.fillStyle = css(color, alpha);
      ctx.fillText(text, -tw / 2, (size * 0.35) * k);
    }
    ctx.restore();
  };
  const widthAt = (size: number) => {
    ctx.font = `${size * k}px "${family}"`;
    return ctx.measureText(word).width / k;
  };
  if (mode === 'diagonal') {
    const angle = -Math.atan2(sh.h, sh.w) + s.between(-0.15, 0.15);
    const span = Math.hypot(sh.w, sh.h) * s.between(0.55, 0.95);
    const size = (10 * span) / widthAt(10);
    const cy = over ? sh.h * s.between(0.55, 0.7) : sh.h * s.between(0.35, 0.55);
    paint(word, sh.w * s.between(0.4, 0.6), cy, Math.min(size, sh.h * 0.26), angle);
  } else if (mode === 'horizontal') {
    const size = Math.min(sh.h * s.between(0.12, 0.22), (10 * sh.w * s.between(0.5, 0.85)) / widthAt(10));
    const cy = over && z ? z.y + z.linePitch * (z.lines - 1) * 0.5 - z.cap * 0.5 : sh.h * s.between(0.25, 0.55);
    paint(word, sh.w * s.between(0.4, 0.6), cy, size, s.between(-0.05, 0.05));
  } else if (mode === 'tiled') {
    const size = s.between(2.5, 5);
    const angle = -s.between(0.3, 0.6);
    const step = widthAt(size) * 1.4;
    for (let y = -sh.h * 0.2; y < sh.h * 1.3; y += size * 3.2)
      for (let x = -sh.w * 0.3 + (y % (step / 2)); x < sh.w * 1.3; x += step) paint(word, x, y, size, angle);
  } else {
    // A small rubber stamp, in a box, somewhere in the visual zone.
    const size = s.between(2.6, 4.5);
    const w = widthAt(size) + size * 0.9;
    const x = s.between(w / 2 + 2, sh.w - w / 2 - 2);
    const y = s.between(size + 3, (z ? z.top : sh.h) - size - 2);
    const angle = s.between(-0.3, 0.3);
    const a = Math.max(alpha, 0.55);
    ctx.save();
    ctx.translate(x * k, y * k);
    ctx.rotate(angle);
    ctx.strokeStyle = css(color, a);
    ctx.lineWidth = Math.max(1, 0.35 * k);
    ctx.strokeRect((-w / 2) * k, -size * 0.9 * k, w * k, size * 1.8 * k);
    ctx.font = `${size * k}px "${family}"`;
    ctx.fillStyle = css(color, a);
    ctx.fillText(word, -(widthAt(size) / 2) * k, size * 0.36 * k);
    ctx.restore();
  }
  ctx.restore();
}

/** Background band, overlay and the zone itself, in this document's order. */
function finishZone(sh: Sheet, doc: SpecimenDocument, z: ZonePlan, look: Look, prefix: string): void {
  zoneBackground(sh, z, look);
  if (z.overlayFirst) specimenMark(sh, z, look, prefix);
  printZone(sh.pen, doc.lines, z);
  if (!z.overlayFirst) specimenMark(sh, z, look, prefix);
  look.overlayUnderInk = z.overlayFirst;
}

function headerBlock(sh: Sheet, doc: SpecimenDocument, x: number, y: number, maxW: number, align: 'left' | 'center', titleKind: SpecimenDocument['kind']): number {
  const { s } = sh.pen;
  const nameSize = s.between(2.3, 3.3);
  const names = doc.state.names.slice(0, s.whole(1, Math.min(2, doc.state.names.length)));
  let yy = y;
  for (const n of names) {
    say(sh.pen, n, x, yy, nameSize, sh.face.heading, css(sh.pal.accent), maxW, align);
    yy += nameSize * 1.15;
  }
  const tSize = s.between(2.0, 2.8);
  say(sh.pen, titleOf(sh, titleKind), x, yy + tSize * 0.1, tSize, sh.face.heading, css(sh.pal.accent, 0.9), maxW, align);
  return yy + tSize * 1.1;
}

// ---------------------------------------------------------------------------------------------
// Documents.

/** TD3 passport data page, 125 × 88 mm. */
function dataPage(k: number, s: Stream, doc: SpecimenDocument, st: Style, z: ZonePlan, look: Look): Canvas {
  const sh = sheet(k, s, 125, 88, st);
  background(sh, doc, look, 'pattern', s.between(0.8, 1.5));
  const px = s.between(4, 7);
  const centred = s.maybe(0.5);
  const hy = s.between(4, 5.5);
  const headBottom = headerBlock(sh, doc, centred ? 62.5 : px + 38, hy, centred ? 110 : 80, centred ? 'center' : 'left', 'passport');
  if (s.maybe(0.6)) emblem(sh.pen, centred ? s.one([10, 115]) : 115, hy + 2, s.between(3, 4.5), css(sh.pal.accent, 0.6));
  const py = Math.max(headBottom + 1.5, s.between(13, 16));
  const pw = s.between(29, 35);
  const ph = Math.min(pw * 1.28, z.top - py - 8);
  look.portrait = face(sh.pen, px, py, pw, ph, s.maybe(0.55) ? 'grey' : 'colour');
  const fx = px + pw + s.between(3.5, 6);
  const right = 125 - 3;
  const rows = 8;
  const rowH = (z.top - 1.2 - py) / rows;
  sh.value = Math.min(s.between(2.5, 3.2), rowH * 0.52);
  sh.label = Math.min(s.between(1.4, 1.9), rowH * 0.3);
  const ghost = s.maybe(0.65);
  const gw = s.between(13, 17);
  const gx = right - gw;
  const gy = py + rowH * 3.2;
  if (ghost) face(sh.pen, gx, gy, gw, gw * 1.25, 'ghost', sh.pal.accent, s.between(0.3, 0.5));
  look.ghost = ghost;
  const narrow = ghost ? gx - 2 - fx : right - fx;
  let y = py + sh.label * 0.8;
  const c2 = fx + (right - fx) * 0.22;
  const c3 = fx + (right - fx) * 0.52;
  field(sh, 'type', doc.zoneInput.documentCode.replace(/</g, ''), fx, y, c2 - fx - 1);
  field(sh, 'code', doc.state.code.replace(/</g, ''), c2, y, c3 - c2 - 1);
  field(sh, 'number', doc.number, c3, y, right - c3);
  y += rowH;
  field(sh, 'surname', doc.surname, fx, y, right - fx);
  y += rowH;
  field(sh, 'given', doc.given, fx, y, right - fx);
  y += rowH;
  field(sh, 'nationality', nationalityText(doc, s), fx, y, narrow);
  y += rowH;
  field(sh, 'birth', when(sh, doc.birth), fx, y, (narrow * 0.5) - 1);
  if (doc.personal) field(sh, 'personal', doc.personal, fx + narrow * 0.5, y, narrow * 0.5);
  y += rowH;
  field(sh, 'sex', sexText(doc, s), fx, y, 14);
  field(sh, 'birthplace', doc.birthplace, fx + 16, y, narrow - 16);
  y += rowH;
  field(sh, 'issue', when(sh, doc.issue), fx, y, narrow * 0.5 - 1);
  field(sh, 'authority', doc.authority, fx + narrow * 0.5, y, right - fx - narrow * 0.5);
  y += rowH;
  field(sh, 'expiry', when(sh, doc.expiry), fx, y, (right - fx) * 0.45);
  // The holder's signature under the portrait, or beside the expiry date.
  const ink = s.one(['#1b2a6b', '#111111', '#233a8b', '#2a2a40']);
  if (z.top - (py + ph) > 6) signature(sh.pen, px + 2, py + ph + 1, pw - 4, Math.min(5, z.top - py - ph - 1.5), ink);
  else signature(sh.pen, fx + (right - fx) * 0.5, y - sh.value * 1.4, (right - fx) * 0.4, sh.value * 1.5, ink);
  finishZone(sh, doc, z, look, 'page');
  return sh.canvas;
}

const NOTICE: Partial<Record<Lang, string>> = {
  en: 'The authorities of {S} request all whom it may concern to allow the bearer to pass freely without let or hindrance and to afford the bearer such assistance and protection as may be necessary.',
  fr: "Les autorités de {S} prient les autorités civiles et militaires de laisser passer librement le titulaire du présent document et de lui prêter aide et protection en cas de besoin.",
  de: 'Die Behörden von {S} ersuchen alle zuständigen Stellen, den Inhaber dieses Dokuments ungehindert reisen zu lassen und ihm nötigenfalls Schutz und Hilfe zu gewähren.',
  es: 'Las autoridades de {S} ruegan a las autoridades competentes que permitan al titular transitar libremente y le presten la ayuda y protección necesarias.',
  it: "Le autorità di {S} invitano le autorità competenti a lasciar passare liberamente il titolare e a prestargli l'assistenza e la protezione necessarie.",
  pt: 'As autoridades de {S} solicitam às autoridades competentes que deixem passar livremente o titular e lhe prestem a assistência e proteção necessárias.',
};

/** Wrapped paragraph in one font; returns the next baseline. */
function paragraph(sh: Sheet, text: string, x: number, y: number, w: number, size: number, color: string): number {
  const { ctx, k } = sh.pen;
  ctx.font = `${size * k}px "${sh.face.label}"`;
  let line = '';
  let yy = y;
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width / k > w && line) {
      say(sh.pen, line, x, yy, size, sh.face.label, color);
      yy += size * 1.35;
      line = word;
    } else line = next;
  }
  if (line) say(sh.pen, line, x, yy, size, sh.face.label, color);
  return yy + size * 1.35;
}

/** The page above the data page in a spread: a notice, observations, or a chip warning. */
function upperPage(k: number, s: Stream, doc: SpecimenDocument, st: Style, look: Look): Canvas {
  const sh = sheet(k, s, 125, 88, st, palette(s, (st.pal.hue + s.between(-30, 30) + 360) % 360));
  background(sh, doc, look, 'upperPattern', s.between(0.5, 1.1));
  const kind = s.one(['notice', 'observations', 'chip'] as const);
  look.upperPage = kind;
  const col = css(sh.pal.label);
  if (kind === 'notice') {
    let y = 12;
    for (const t of [...new Set(sh.langs.map((l) => NOTICE[l] ?? NOTICE.en!))]) {
      y = paragraph(sh, t.replace('{S}', doc.state.names[0]!), 12, y, 101, s.between(1.8, 2.4), col) + 2.5;
      if (y > 70) break;
    }
    emblem(sh.pen, 62.5, Math.min(78, y + 6), 5, css(sh.pal.accent, 0.5));
  } else if (kind === 'observations') {
    const titles: Partial<Record<Lang, string>> = { en: 'OBSERVATIONS', fr: 'OBSERVATIONS', de: 'AMTLICHE VERMERKE', es: 'OBSERVACIONES', it: 'OSSERVAZIONI', pt: 'OBSERVAÇÕES', nl: 'OPMERKINGEN', sv: 'ANMÄRKNINGAR', no: 'MERKNADER', pl: 'UWAGI', fi: 'HUOMAUTUKSIA' };
    say(sh.pen, [...new Set(sh.langs.map((l) => titles[l] ?? 'OBSERVATIONS'))].join(' / '), 62.5, 10, 2.6, sh.face.heading, css(sh.pal.accent), 110, 'center');
    sh.pen.ctx.strokeStyle = css(sh.pal.label, 0.5);
    sh.pen.ctx.lineWidth = Math.max(1, 0.12 * k);
    for (let y = 18; y < 82; y += 7) {
      sh.pen.ctx.beginPath();
      sh.pen.ctx.moveTo(8 * k, y * k);
      sh.pen.ctx.lineTo(117 * k, y * k);
      sh.pen.ctx.stroke();
    }
    if (s.maybe(0.5)) say(sh.pen, s.one(['THE HOLDER IS ALSO KNOWN AS', 'NO ENDORSEMENTS', 'SEE PAGE 32', 'ENTRY REGISTERED']), 9, 24.5, 2.2, sh.face.value, css(sh.pal.value));
  } else {
    emblem(sh.pen, 62.5, 35, 12, css(sh.pal.accent, 0.45));
    const warn: Partial<Record<Lang, string>> = { en: 'This document contains sensitive electronics. For best performance please do not bend, perforate or expose to extreme temperatures or excess moisture.', fr: "Ce document contient des composants électroniques sensibles. Ne pas plier, perforer ni exposer à des températures extrêmes ou à l'humidité.", de: 'Dieses Dokument enthält empfindliche Elektronik. Bitte nicht knicken, lochen oder extremen Temperaturen und Feuchtigkeit aussetzen.' };
    let y = 58;
    for (const t of [...new Set(sh.langs.map((l) => warn[l] ?? warn.en!))].slice(0, 2)) y = paragraph(sh, t, 12, y, 101, 1.9, col) + 1.5;
    // The chip logo: a rectangle, a circle inside, two bars.
    const { ctx } = sh.pen;
    ctx.strokeStyle = css(sh.pal.accent, 0.8);
    ctx.lineWidth = 0.5 * k;
    ctx.strokeRect(55 * k, 6 * k, 15 * k, 9 * k);
    ctx.beginPath();
    ctx.arc(62.5 * k, 10.5 * k, 2.5 * k, 0, Math.PI * 2);
    ctx.stroke();
  }
  if (s.maybe(0.5)) say(sh.pen, String(s.whole(1, 3)), s.maybe(0.5) ? 5 : 118, 84, 2.2, sh.face.label, col);
  return sh.canvas;
}

/** A TD3 spread: the booklet's cover edge, the upper page, the fold and the data page. */
function spread(k: number, upper: Canvas, lower: Canvas, s: Stream, look: Look, cover: number): Canvas {
  const w = 125 + 2 * cover;
  const h = 176 + 2 * cover;
  const c = createCanvas(Math.round(w * k), Math.round(h * k));
  const ctx = c.getContext('2d');
  const coverColour = s.one<Rgb>([[92, 20, 34], [20, 32, 70], [22, 60, 40], [30, 30, 34], [110, 30, 30]]);
  look.cover = css(coverColour);
  roundRect(ctx, 0, 0, w * k, h * k, 4 * k);
  ctx.fillStyle = css(coverColour);
  ctx.fill();
  ctx.save();
  roundRect(ctx, cover * k, cover * k, 125 * k, 176 * k, 3 * k);
  ctx.clip();
  ctx.drawImage(upper, cover * k, cover * k);
  ctx.drawImage(lower, cover * k, (cover + 88) * k);
  // The fold: a soft shadow either side of the binding.
  const fold = (cover + 88) * k;
  const depth = s.between(2, 5) * k;
  const dark = s.between(0.12, 0.3);
  const g = ctx.createLinearGradient(0, fold - depth, 0, fold + depth);
  g.addColorStop(0, 'rgba(0,0,0,0)');
  g.addColorStop(0.5, `rgba(0,0,0,${dark.toFixed(3)})`);
  g.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = g;
  ctx.fillRect(0, fold - depth, w * k, depth * 2);
  ctx.restore();
  look.foldDarkness = +dark.toFixed(2);
  return c;
}

/** A card side with rounded corners (ISO/IEC 7810 ID-1 radius 3.18 mm). */
function cardShape(sh: Sheet, radius: number): Canvas {
  const { k } = sh.pen;
  const c = createCanvas(sh.canvas.width, sh.canvas.height);
  const ctx = c.getContext('2d');
  roundRect(ctx, 0, 0, sh.w * k, sh.h * k, radius * k);
  ctx.save();
  ctx.clip();
  ctx.drawImage(sh.canvas, 0, 0);
  ctx.restore();
  roundRect(ctx, 0.1 * k, 0.1 * k, (sh.w - 0.2) * k, (sh.h - 0.2) * k, radius * k);
  ctx.strokeStyle = 'rgba(60,60,60,0.35)';
  ctx.lineWidth = Math.max(1, 0.15 * k);
  ctx.stroke();
  return c;
}

/** Front of a TD1 or TD2 card: heading, portrait, personal data; with the zone on a TD2. */
function cardFront(k: number, s: Stream, doc: SpecimenDocument, st: Style, z: ZonePlan | null, look: Look, w: number, h: number): Canvas {
  const sh = sheet(k, s, w, h, st);
  background(sh, doc, look, 'frontPattern', s.between(0.7, 1.4));
  const hb = headerBlock(sh, doc, w * 0.55, s.between(3.5, 4.5), w * 0.85, 'center', doc.kind);
  const scale = w / 85.6;
  const px = s.between(2.5, 4.5);
  const py = hb + s.between(1, 2.5);
  const bottomLimit = z ? z.top - 1 : h - 3;
  const pw = Math.min(s.between(22, 26) * scale, ((bottomLimit - py - 3) / 1.28));
  const ph = pw * 1.28;
  look.portrait = face(sh.pen, px, py, pw, ph, s.maybe(0.6) ? 'grey' : 'colour');
  const fx = px + pw + s.between(2.5, 4);
  const right = w - 2.5;
  const rowH = (bottomLimit - py - 1) / 5;
  sh.value = Math.min(s.between(2.2, 2.8) * Math.min(1.15, scale), rowH * 0.52);
  sh.label = Math.min(s.between(1.2, 1.6), rowH * 0.3);
  const ghost = s.maybe(0.6);
  const gw = s.between(9, 12) * scale;
  if (ghost) face(sh.pen, right - gw, bottomLimit - gw * 1.25 - 0.5, gw, gw * 1.25, 'ghost', sh.pal.accent, s.between(0.3, 0.5));
  look.frontGhost = ghost;
  const narrow = ghost ? right - gw - 1.5 - fx : right - fx;
  let y = py + sh.label * 0.8;
  field(sh, 'surname', doc.surname, fx, y, right - fx);
  y += rowH;
  field(sh, 'given', doc.given, fx, y, right - fx);
  y += rowH;
  const third = (narrow - 2) / 3;
  field(sh, 'birth', when(sh, doc.birth), fx, y, third * 1.4);
  field(sh, 'sex', sexText(doc, s), fx + third * 1.5, y, third * 0.5);
  field(sh, 'nationality', nationalityText(doc, s), fx + third * 2.1, y, narrow - third * 2.1);
  y += rowH;
  field(sh, 'expiry', when(sh, doc.expiry), fx, y, narrow * 0.48);
  field(sh, 'cardNo', doc.number, fx + narrow * 0.5, y, narrow * 0.5);
  y += rowH;
  // The signature beside the data, or under the portrait when there is room there.
  const under = bottomLimit - (py + ph) > 5.5 && s.maybe(0.5);
  const sx = under ? px : fx;
  const sy = under ? py + ph + sh.label * 1.1 : y;
  const sigLabel = labelText(sh, 'signature');
  say(sh.pen, sigLabel, sx, sy - 0.5, sh.label * 0.9, sh.face.label, css(sh.pal.label), under ? pw : narrow * 0.6);
  signature(sh.pen, sx + 1, sy, Math.min(under ? pw - 2 : narrow * 0.5, 26), Math.max(1.5, Math.min(4.5, bottomLimit - sy - 0.3)), s.one(['#1b2a6b', '#111111', '#233a8b']));
  if (z) finishZone(sh, doc, z, look, 'front');
  else specimenMark(sh, null, look, 'front');
  return cardShape(sh, s.between(2.5, 3.5));
}

/** Barcode-like stripes (no code is encoded). */
function stripes(sh: Sheet, x: number, y: number, w: number, h: number): void {
  const { ctx, k, s } = sh.pen;
  ctx.fillStyle = css(sh.pal.value, 0.9);
  let xx = x;
  while (xx < x + w) {
    const bar = s.between(0.15, 0.6);
    if (s.maybe(0.55)) ctx.fillRect(xx * k, y * k, bar * k, h * k);
    xx += bar + s.between(0.15, 0.5);
  }
}

const ADDRESS: Partial<Record<Lang, string[]>> = {
  de: ['HEIDESTRASSE 17', 'MUSTERWEG 4A', 'AM MARKT 2'],
  fr: ['12 RUE DES LILAS', '3 AVENUE DU GÉNÉRAL LECLERC', '8 BD DE LA MER'],
  es: ['C/ MAYOR 21, 3º B', 'AVDA. DE LA PAZ 7', 'PLAZA DE ESPAÑA 1'],
  it: ['VIA ROMA 12', 'PIAZZA GARIBALDI 3', "VIA DELL'ORSO 8"],
  pt: ['RUA DAS FLORES 15', 'AV. DA LIBERDADE 200', 'TRAVESSA DO CARMO 3'],
  nl: ['DORPSSTRAAT 12', 'KERKPLEIN 3', 'HOOFDWEG 140'],
  sv: ['STORGATAN 5', 'KUNGSVÄGEN 22'],
  no: ['STORGATA 10', 'FJORDVEIEN 3B'],
  pl: ['UL. DŁUGA 5 M. 2', 'AL. JEROZOLIMSKIE 44'],
  fi: ['MANNERHEIMINTIE 12 A 3', 'KOULUKATU 7'],
  en: ['12 HIGH STREET', '221 MAPLE AVENUE', 'FLAT 3, 7 KING ROAD'],
};

/** Back of a TD1 card: address and issuer data, stripes, a small ghost image, the three-line zone. */
function td1Back(k: number, s: Stream, doc: SpecimenDocument, st: Style, z: ZonePlan, look: Look): Canvas {
  const sh = sheet(k, s, 85.6, 53.98, st, s.maybe(0.6) ? st.pal : palette(s, (st.pal.hue + 40) % 360));
  background(sh, doc, look, 'backPattern', s.between(0.6, 1.3));
  const top = z.top - 1;
  sh.label = s.between(1.2, 1.5);
  sh.value = s.between(1.9, 2.4);
  const rowH = Math.min(6.2, (top - 3) / 4);
  let y = 3 + sh.label;
  const lang = sh.langs[0]!;
  const x = s.between(2.5, 4);
  const ghost = s.maybe(0.55);
  const striped = s.maybe(0.5);
  const rightUse = ghost || striped ? 56 : 80;
  if (doc.kind === 'idcard') {
    field(sh, 'address', `${s.one(ADDRESS[lang] ?? ADDRESS.en!)}, ${doc.birthplace}`, x, y, rightUse - x);
    y += rowH;
    field(sh, 'height', `${s.whole(150, 198)} cm`, x, y, 16);
    field(sh, 'eyes', s.one(['BLUE', 'BROWN', 'GREEN', 'GREY', 'BLAU', 'BRAUN', 'MARRON', 'AZUL']), x + 18, y, rightUse - x - 18);
  } else if (doc.kind === 'residence') {
    field(sh, 'remarks', s.one(['EMPLOYMENT PERMITTED', 'ERWERBSTÄTIGKEIT GESTATTET', 'FAMILY MEMBER OF AN EU CITIZEN', 'CARTE DE RÉSIDENT', 'ESTUDIANTE']), x, y, rightUse - x);
    y += rowH;
    field(sh, 'birthplace', doc.birthplace, x, y, rightUse - x);
  } else {
    field(sh, 'Airline / Compagnie', s.one(['UTOPIAN AIRWAYS', 'AERO ZENITH', 'NORDIC CARGO', 'TRANS ATLANTIS']), x, y, rightUse - x);
    y += rowH;
    field(sh, 'birthplace', doc.birthplace, x, y, rightUse - x);
  }
  y += rowH;
  field(sh, 'authority', doc.authority, x, y, rightUse - x);
  y += rowH;
  if (y + 1 < top) field(sh, 'issue', when(sh, doc.issue), x, y, 30);
  if (striped) stripes(sh, 58, 3.5, 24, Math.min(9, top - 14));
  if (ghost) face(sh.pen, 70, Math.max(striped ? 14 : 4, top - 15), 11, Math.min(13.5, top - (striped ? 15 : 5)), 'ghost', sh.pal.accent, s.between(0.35, 0.55));
  look.backGhost = ghost;
  look.backStripes = striped;
  finishZone(sh, doc, z, look, 'back');
  return cardShape(sh, s.between(2.5, 3.5));
}

/** Back of a TD2 card (no zone): address and remarks. */
function td2Back(k: number, s: Stream, doc: SpecimenDocument, st: Style, look: Look): Canvas {
  const sh = sheet(k, s, 105, 74, st);
  background(sh, doc, look, 'backPattern', s.between(0.6, 1.2));
  sh.label = 1.6;
  sh.value = 2.6;
  const lang = sh.langs[0]!;
  field(sh, 'address', s.one(ADDRESS[lang] ?? ADDRESS.en!), 5, 8, 60);
  field(sh, 'birthplace', doc.birthplace, 5, 17, 60);
  field(sh, 'authority', doc.authority, 5, 26, 60);
  field(sh, 'issue', when(sh, doc.issue), 5, 35, 40);
  field(sh, 'remarks', s.one(['NONE', '—', 'EMPLOYMENT PERMITTED', 'VALID WITH PASSPORT']), 5, 44, 90);
  stripes(sh, 70, 6, 30, 12);
  specimenMark(sh, null, look, 'back');
  return cardShape(sh, s.between(2.5, 3.5));
}

/** A visa sticker (MRV-A 120 × 80, MRV-B 105 × 74). */
function visaSticker(k: number, s: Stream, doc: SpecimenDocument, st: Style, z: ZonePlan, look: Look, w: number, h: number): Canvas {
  const sh = sheet(k, s, w, h, st);
  background(sh, doc, look, 'stickerPattern', s.between(0.9, 1.5));
  const { ctx } = sh.pen;
  const band = s.maybe(0.5);
  const hh = s.between(6, 8.5);
  if (band) {
    ctx.fillStyle = css(sh.pal.lines[0]!, 0.55);
    ctx.fillRect(0, 0, w * k, hh * k);
  }
  const titleW = say(sh.pen, titleOf(sh, 'visa'), 4, hh * 0.72, hh * 0.55, sh.face.heading, css(sh.pal.accent), w * 0.45);
  const red = s.maybe(0.7);
  const numberW = say(sh.pen, `${doc.state.code.replace(/</g, '')}${s.maybe(0.5) ? ' ' : ''}${doc.visaNumber}`, w - 3, hh * 0.72, hh * 0.5, s.one(['U Liberation Mono Bold', 'U Mono PS Bold', 'U Nimbus Sans Bold']), red ? 'rgb(200,20,30)' : css(sh.pal.value), w * 0.3, 'right');
  // The state's name between the title and the visa number, when there is room for it.
  const nameRoom = w - 3 - numberW - 3 - (4 + titleW + 3);
  if (nameRoom > 14) say(sh.pen, doc.state.names[0]!, 4 + titleW + 3 + nameRoom / 2, hh * 0.68, hh * 0.36, sh.face.heading, css(sh.pal.accent), nameRoom, 'center');
  const px = s.between(3, 5);
  const py = hh + s.between(1.5, 3);
  const ph = Math.min(z.top - py - 2, (w > 110 ? 32 : 28) * s.between(0.95, 1.1));
  const pw = ph / 1.28;
  look.portrait = face(sh.pen, px, py, pw, ph, s.maybe(0.4) ? 'grey' : 'colour');
  const fx = px + pw + s.between(3, 5);
  const right = w - 3;
  const rows = w > 110 ? 6 : 5;
  const rowH = (z.top - 1 - py) / rows;
  sh.value = Math.min(s.between(2.2, 2.8), rowH * 0.52);
  sh.label = Math.min(s.between(1.3, 1.7), rowH * 0.3);
  const span = right - fx;
  let y = py + sh.label * 0.8;
  field(sh, 'validFor', doc.validFor ?? '', fx, y, span);
  y += rowH;
  field(sh, 'validFrom', when(sh, doc.issue), fx, y, span * 0.45);
  field(sh, 'validUntil', when(sh, doc.expiry), fx + span * 0.5, y, span * 0.5);
  y += rowH;
  field(sh, 'visaType', doc.visaType ?? '', fx, y, span * 0.25);
  field(sh, 'entries', doc.entries ?? '', fx + span * 0.28, y, span * 0.32);
  field(sh, 'duration', `${doc.durationDays ?? 90}`, fx + span * 0.64, y, span * 0.36);
  y += rowH;
  field(sh, 'issuedAt', s.one(doc.state.towns), fx, y, span * 0.45);
  field(sh, 'passportNo', doc.passportNumber ?? doc.number, fx + span * 0.5, y, span * 0.5);
  y += rowH;
  field(sh, `${labelText(sh, 'surname')}, ${labelText(sh, 'given')}`, doc.given ? `${doc.surname}, ${doc.given}` : doc.surname, fx, y, span);
  if (rows > 5) {
    y += rowH;
    field(sh, 'remarks', s.one(['NONE', 'BUSINESS', 'TOURISM', 'EMPLOYMENT NOT PERMITTED', '—', 'STUDIES']), fx, y, span);
  }
  finishZone(sh, doc, z, look, 'sticker');
  return cardShape(sh, s.between(1, 2.5));
}

/** A stamp an officer put on a visa page: box or ring, a town and a date, in coloured ink. */
function entryStamp(sh: Sheet, x: number, y: number, doc: SpecimenDocument): void {
  const { ctx, k, s } = sh.pen;
  const ink = s.one<Rgb>([[80, 40, 140], [30, 60, 150], [170, 30, 60], [30, 110, 70]]);
  const a = s.between(0.45, 0.8);
  ctx.save();
  ctx.translate(x * k, y * k);
  ctx.rotate(s.between(-0.4, 0.4));
  ctx.strokeStyle = css(ink, a);
  ctx.fillStyle = css(ink, a);
  ctx.lineWidth = Math.max(1, 0.3 * k);
  const town = s.one(doc.state.towns).slice(0, 14);
  const d = printedDate({ y: doc.issue.y, m: doc.issue.m, d: Math.min(28, doc.issue.d + s.whole(0, 9)) }, 'd-mon-y', 'en');
  if (s.maybe(0.5)) {
    ctx.beginPath();
    ctx.arc(0, 0, 10 * k, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, 0, 8.6 * k, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
    ctx.save();
    ctx.translate(x * k, y * k);
    say({ ...sh.pen, ctx }, town, 0, -2, 2, 'U Liberation Sans Bold', css(ink, a), 15, 'center');
    say({ ...sh.pen, ctx }, d, 0, 1.5, 2.2, 'U Liberation Mono Bold', css(ink, a), 16, 'center');
  } else {
    roundRect(ctx, -14 * k, -7 * k, 28 * k, 14 * k, 1.5 * k);
    ctx.stroke();
    say({ ...sh.pen, ctx }, s.one(['ENTRY', 'EXIT', 'ADMITTED', 'ARRIVÉE', 'EINREISE']), 0, -3, 2.2, 'U Liberation Sans Bold', css(ink, a), 26, 'center');
    say({ ...sh.pen, ctx }, d, 0, 1, 2.4, 'U Liberation Mono Bold', css(ink, a), 26, 'center');
    say({ ...sh.pen, ctx }, town, 0, 4.5, 1.8, 'U Liberation Sans', css(ink, a), 26, 'center');
  }
  ctx.restore();
}

/** A passport visa page (125 × 88) with the sticker on it and the page's own print around. */
function visaPage(k: number, s: Stream, doc: SpecimenDocument, st: Style, sticker: Canvas | null, sw: number, shh: number, zoneTop: number, look: Look): Canvas {
  const pal = palette(s);
  const sh = sheet(k, s, 125, 88, st, pal);
  background(sh, doc, look, sticker ? 'pagePattern' : 'facingPattern', s.between(0.5, 1.1));
  const { ctx } = sh.pen;
  const pageNo = String(s.whole(4, 32));
  say(sh.pen, pageNo, s.maybe(0.5) ? 4 : 118, s.maybe(0.5) ? 5 : 85, 2.6, sh.face.heading, css(pal.accent));
  microtext(sh.pen, motto(doc).repeat(2), 3, 2.2, 119, 0.7, css(pal.accent, 0.5));
  if (s.maybe(0.5)) say(sh.pen, s.one(['VISAS', 'VISA', 'VISUM / VISA', 'VISAS / VISADOS']), 62.5, 7, 2.8, sh.face.heading, css(pal.accent, 0.45), 60, 'center');
  // The zone's band on the page (kept clear of stamps, which may otherwise overlap the sticker's edge).
  let band: { x: number; y: number; w: number; h: number } | null = null;
  if (sticker) {
    const x = s.between(1.5, 125 - sw - 1.5);
    const y = s.between(1.5, 88 - shh - 1.5);
    const angle = s.between(-0.6, 0.6);
    look.stickerAt = `${x.toFixed(1)},${y.toFixed(1)}`;
    look.stickerAngle = +angle.toFixed(2);
    ctx.save();
    ctx.translate((x + sw / 2) * k, (y + shh / 2) * k);
    ctx.rotate((angle * Math.PI) / 180);
    ctx.shadowColor = 'rgba(0,0,0,0.25)';
    ctx.shadowBlur = 0.6 * k;
    ctx.shadowOffsetY = 0.2 * k;
    ctx.drawImage(sticker, (-sw / 2) * k, (-shh / 2) * k);
    ctx.restore();
    band = { x, y: y + zoneTop - 1.5, w: sw, h: shh - zoneTop + 1.5 };
  }
  const r = s.u();
  const stamps = sticker ? (r < 0.55 ? 0 : r < 0.88 ? 1 : 2) : s.whole(1, 4);
  let drawn = 0;
  for (let i = 0; i < stamps; i++) {
    for (let attempt = 0; attempt < 12; attempt++) {
      const cx = s.between(8, 117);
      const cy = s.between(8, 80);
      const dx = band ? Math.max(band.x - cx, 0, cx - band.x - band.w) : 99;
      const dy = band ? Math.max(band.y - cy, 0, cy - band.y - band.h) : 99;
      if (Math.hypot(dx, dy) < 17) continue;
      entryStamp(sh, cx, cy, doc);
      drawn++;
      break;
    }
  }
  look[sticker ? 'pageStamps' : 'facingStamps'] = drawn;
  return sh.canvas;
}

// ---------------------------------------------------------------------------------------------
// The scan.

interface Placed {
  canvas: Canvas;
  x: number;
  y: number;
  angle: number;
}

interface Scene {
  w: number;
  h: number;
  draw: (k: number) => Placed[];
}

/** Decide the layout (sizes known before drawing, so the scale can be chosen first). */
function scene(format: SpecimenFormat, doc: SpecimenDocument, s: Stream, look: Look): { scene: Scene; cap: number } {
  const st = styleFor(doc, s);
  look.state = doc.state.code;
  look.kind = doc.kind;
  look.langs = st.langs.join('+');
  look.face = st.face.value;
  look.dateStyle = st.dateStyle;
  const [w, h] = SIZE[format];
  const z = zonePlan(format, w, h, s, look);
  if (format === 'TD3') {
    const whole = s.maybe(0.45);
    look.layout = whole ? 'spread' : 'data-page';
    if (!whole) return { cap: z.cap, scene: { w, h, draw: (k) => [{ canvas: dataPage(k, s, doc, st, z, look), x: 0, y: 0, angle: 0 }] } };
    const cover = s.maybe(0.7) ? s.between(1, 3) : 0;
    return {
      cap: z.cap,
      scene: { w: 125 + 2 * cover, h: 176 + 2 * cover, draw: (k) => {
        const upper = upperPage(k, s, doc, st, look);
        return [{ canvas: spread(k, upper, dataPage(k, s, doc, st, z, look), s, look, cover), x: 0, y: 0, angle: 0 }];
      } },
    };
  }
  if (format === 'TD2' && doc.kind === 'residence' && s.maybe(0.45)) {
    // A residence permit issued as a TD2-size sticker in the holder's passport.
    look.layout = 'permit-on-page';
    return {
      cap: z.cap,
      scene: { w: PAGE[0], h: PAGE[1], draw: (k) => [{ canvas: visaPage(k, s, doc, st, cardFront(k, s, doc, st, z, look, w, h), w, h, z.top, look), x: 0, y: 0, angle: 0 }] },
    };
  }
  if (format === 'TD1' || format === 'TD2') {
    const r = s.u();
    const both = format === 'TD1' ? r >= 0.5 : r >= 0.75;
    const side = both && s.maybe(0.5);
    look.layout = !both ? (format === 'TD1' ? 'back' : 'card') : side ? 'front-back-side' : 'front-back-stacked';
    const withZone = (k: number) => (format === 'TD1' ? td1Back(k, s, doc, st, z, look) : cardFront(k, s, doc, st, z, look, w, h));
    const other = (k: number) => (format === 'TD1' ? cardFront(k, s, doc, st, null, look, w, h) : td2Back(k, s, doc, st, look));
    if (!both) return { cap: z.cap, scene: { w, h, draw: (k) => [{ canvas: withZone(k), x: 0, y: 0, angle: 0 }] } };
    const gap = s.between(3, 12);
    const drift = s.between(-2, 2);
    const [a1, a2] = [s.between(-0.8, 0.8), s.between(-0.8, 0.8)];
    // The front first (left or top), as most catalogues show them.
    const sw = side ? 2 * w + gap : w + Math.abs(drift);
    const shh = side ? h + Math.abs(drift) : 2 * h + gap;
    return {
      cap: z.cap,
      scene: { w: sw, h: shh, draw: (k) => {
        const front = format === 'TD1' ? other(k) : withZone(k);
        const back = format === 'TD1' ? withZone(k) : other(k);
        const d0 = Math.max(0, -drift);
        return side
          ? [{ canvas: front, x: 0, y: d0, angle: a1 }, { canvas: back, x: w + gap, y: d0 + drift, angle: a2 }]
          : [{ canvas: front, x: d0, y: 0, angle: a1 }, { canvas: back, x: d0 + drift, y: h + gap, angle: a2 }];
      } },
    };
  }
  // Visas: the sticker on a passport page, alone or with the facing page.
  const whole = s.maybe(0.35);
  const stickerOnTop = s.maybe(0.5);
  look.layout = whole ? 'sticker-on-spread' : 'sticker-on-page';
  const cover = whole && s.maybe(0.6) ? s.between(1, 3) : 0;
  return {
    cap: z.cap,
    scene: { w: whole ? 125 + 2 * cover : PAGE[0], h: whole ? 176 + 2 * cover : PAGE[1], draw: (k) => {
      const sticker = visaSticker(k, s, doc, st, z, look, w, h);
      const page = visaPage(k, s, doc, st, sticker, w, h, z.top, look);
      if (!whole) return [{ canvas: page, x: 0, y: 0, angle: 0 }];
      const facing = visaPage(k, s, doc, st, null, 0, 0, 0, look);
      look.stickerPage = stickerOnTop ? 'upper' : 'lower';
      return [{ canvas: spread(k, stickerOnTop ? page : facing, stickerOnTop ? facing : page, s, look, cover), x: 0, y: 0, angle: 0 }];
    } },
  };
}

/** Supersampling: drawn at twice the scan's resolution, then reduced as a scanner's optics would. */
const SUPERSAMPLE = 2;

async function scanned(sc: Scene, cap: number, s: Stream, look: Look): Promise<Buffer> {
  const angle = s.between(-2, 2) * (s.maybe(0.3) ? 0.25 : 1);
  const rad = (Math.abs(angle) * Math.PI) / 180;
  const r = s.u();
  const bed = r < 0.3 ? 'tight' : r < 0.7 ? 'white' : 'grey';
  // Even a tight crop keeps the whole document: what the turn moves out is added back.
  const need = Math.sin(rad) * Math.max(sc.w, sc.h) * 0.5 + 0.4;
  const margin = () => (bed === 'tight' ? need + s.between(0, 1) : need + s.between(3, 15));
  const [ml, mr, mt, mb] = [margin(), margin(), margin(), margin()];
  const W = sc.w + ml + mr;
  const H = sc.h + mt + mb;
  // Scale: the page 600–1600 px wide and the zone's capitals 10–30 px high.
  const lo = Math.max(600 / W, 10 / cap);
  const hi = Math.min(1600 / W, 30 / cap);
  const pxmm = lo * Math.pow(hi / lo, Math.pow(s.u(), 1.15));
  const outW = Math.round(W * pxmm);
  const outH = Math.round(H * pxmm);
  const k = pxmm * SUPERSAMPLE;
  const bedColour = bed === 'grey' ? s.whole(214, 238) : s.whole(246, 255);
  Object.assign(look, { rotationDeg: +angle.toFixed(3), bed, widthPx: outW, heightPx: outH, pxPerMm: +pxmm.toFixed(3), dpi: Math.round(pxmm * 25.4), mrzCapPx: +(cap * pxmm).toFixed(1) });

  const placed = sc.draw(k);
  const canvas = createCanvas(Math.round(W * k), Math.round(H * k));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${bedColour},${bedColour},${Math.min(255, bedColour + s.whole(-2, 3))})`;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // Dust and lid texture: a few specks.
  for (let i = 0, n = s.whole(0, 30); i < n; i++) {
    ctx.fillStyle = `rgba(90,90,90,${s.between(0.1, 0.4).toFixed(2)})`;
    ctx.fillRect(s.between(0, W) * k, s.between(0, H) * k, s.between(0.1, 0.4) * k, s.between(0.1, 0.4) * k);
  }
  const shadow = s.maybe(0.6);
  look.edgeShadow = shadow;
  ctx.save();
  ctx.translate((ml + sc.w / 2) * k, (mt + sc.h / 2) * k);
  ctx.rotate((angle * Math.PI) / 180);
  for (const p of placed) {
    ctx.save();
    const cw = p.canvas.width;
    const ch = p.canvas.height;
    ctx.translate((p.x - sc.w / 2) * k + cw / 2, (p.y - sc.h / 2) * k + ch / 2);
    ctx.rotate((p.angle * Math.PI) / 180);
    if (shadow) {
      ctx.shadowColor = 'rgba(0,0,0,0.28)';
      ctx.shadowBlur = 0.8 * k;
      ctx.shadowOffsetX = 0.25 * k;
      ctx.shadowOffsetY = 0.35 * k;
    }
    ctx.drawImage(p.canvas, -cw / 2, -ch / 2);
    ctx.restore();
  }
  ctx.restore();

  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  let img = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width: canvas.width, height: canvas.height, channels: 4 } })
    .removeAlpha()
    .resize(outW, outH, { kernel: 'lanczos3', fit: 'fill' });
  const blur = s.maybe(0.75) ? s.between(0.3, 0.85) : 0;
  const gain = s.between(0.94, 1.06);
  const lift = s.between(-6, 8);
  const quality = Math.round(s.between(60, 92));
  Object.assign(look, { blurSigma: +blur.toFixed(2), gain: +gain.toFixed(3), lift: +lift.toFixed(1), jpegQuality: quality });
  const raw = await img.raw().toBuffer({ resolveWithObject: true });
  img = sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } });
  if (blur > 0) img = img.blur(blur);
  const blurred = await img.linear(gain, lift).raw().toBuffer({ resolveWithObject: true });
  const noise = s.between(0, 3);
  look.noise = +noise.toFixed(2);
  if (noise > 0.5) {
    const px = blurred.data;
    const n = s.fork(11);
    for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i]! + (n.u() + n.u() - 1) * noise));
  }
  return sharp(blurred.data, { raw: { width: blurred.info.width, height: blurred.info.height, channels: blurred.info.channels } })
    .jpeg({ quality, chromaSubsampling: quality > 85 && s.maybe(0.5) ? '4:4:4' : '4:2:0' })
    .toBuffer();
}

/** One scanned specimen: the same format and seed give the same bytes. */
export async function generateSpecimen(format: SpecimenFormat, seed: number): Promise<SpecimenSample> {
  if (!SPECIMEN_FORMATS.includes(format)) throw new Error(`unknown specimen format ${format}`);
  registerUnseenFonts();
  const doc = specimenDocument(format, dataStream(format, seed));
  const s = stream(hash(`specimen|look|${format}|${seed}`));
  const look: Look = { format };
  const { scene: sc, cap } = scene(format, doc, s, look);
  const image = await scanned(sc, cap, s, look);
  if (doc.number.length > 9) look.numberOverflow = true;
  look.nameTruncated = doc.nameTruncated;
  return { image, truth: truthOf(format, doc), look };
}
