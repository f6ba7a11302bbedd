import sharp from 'sharp';
import { imageOf, intake, PIXEL_PNG, type MediaInput } from '../media';
import type { OcrLine } from '../ocr';
import { restoreAccents, type Grey } from './accents';
import { fromGrey, toGrey, type Box } from './box';
import { classifyEvidence, dataBesidePortrait, halvesOf, nameWords, sideOf, type Candidate, type Evidence } from './classify';
import { cardColour, type CardColour } from './colour';
import { isIsoDate } from './normalize';
import { findPortraitOnCards, withRing, type PortraitCue } from './portrait';
import { cardOnPage, insideOutline, toSubmitted, unrotatedSize, type Frame } from './frame';
import { withLeadingGlyphs } from './leading';
import { withTrailingGlyphs } from './trailing';
import { isBlank } from './blank';
import { settledByLabels, settledReading } from './settled';
import { budgetClock, type BudgetClock } from './budget';
import { clahe, LOCAL_TILE } from './clahe';
import { quieter } from './denoise';
import { fieldLines } from './data-side';
import { readPage } from './page-read';
import { checkDatePlausibility } from './dates-reread';
import { flagImplausibleDate } from './dates-plausible';
import { probeLevelFirst, probeTurns, quarterAfterProbes, type ProbeMemo, type Turn } from './orientation';
import { linesStandOnEnd, textDirection } from './text-direction';
import { labelOrder, labelsSayUpright, labelsSayUpsideDown } from './label-order';
import { estimateSkew } from './deskew';
import { flattenIllumination } from './illumination';
import { locateDocument, quadShape, rectify, visibleDocument, type Point } from './locate';
import { readUncovered, withRescued } from './uncovered';
import { codeValuesPrinted, qrDates, qrPairs, readQrCodes, type QrRead } from './qr';
import { withoutCodes } from './codes-blanked';
import { fillDatesAround } from './fallbacks';
import { extractFields, placeOfMissing, shortValueRegions, SHORT_VALUES } from './extract';
import { zoneOverPrinted } from './zone-over-printed';
import { readLoneValues } from './lone-glyphs';
import { rescueMissingCpf } from './cpf-rescue';
import { bestOfEach, doubtfulRows, printedOf } from './merge';
import { rereadBrokenDates, rereadNames, rereadNumbers, rereadShort } from './reread';
import { completeParents, holderFromCode } from './parents';
import { findSignature, type SignatureRegion } from './signature';
import { type MrzRead } from './mrz';
import { locateMrz } from './mrz-locate';
import { printRegion } from './print-region';
import { affordsUntil } from './mrz-mix';
import { startMrzThread } from './mrz-pool';
import { liesBeside, readBandOffPhoto, readMachineZone, readZoneBand, type AffordsMore } from './mrz-zone';
import { readBand } from './mrz-read';
import { looksLikeMrz } from './mrz';
import { fold } from './text';
import { PARENT_OF, type OcrField, type OcrResult, type RecognizedType } from './types';


/**
 * Smallest width text is read at: 800 px photos are upscaled before OCR. 1400 px was a fifth faster and
 * read the bench's numbers slightly better, but lost accents and MRZ lines on clean scans (README,
 * "Document engine", session 6): 1600 stays.
 */
const MIN_OCR_WIDTH = 1600;
const MIN_OCR_HEIGHT = 900;
const WIDE_MIN_OCR_HEIGHT = 1200;
const MAX_OCR_WIDTH = 3400;
/** Wider than two cards and a gutter (width over height): a strip of text, not a document opened flat. */
const MAX_TWO_CARDS = 4.2;

/** The card on the canvas the deskew grew around it (centred), as a box of that canvas. */
function cardOnCanvas(canvas: Grey, card: [number, number]): Box {
  const [w, h] = card.map((v) => Math.round(v));
  const x = Math.max(0, Math.round((canvas.width - w!) / 2));
  const y = Math.max(0, Math.round((canvas.height - h!) / 2));
  return [x, y, Math.min(w!, canvas.width - x), Math.min(h!, canvas.height - y)];
}

/** The deskewed canvas is cut back to the card when it is this much larger (a 3:1 card tilted about 2°, a 3:2 one 3°). */
const WORTH_CUTTING = 1.25;

const cropGrey = async (g: Grey, [left, top, width, height]: Box): Promise<Grey> => toGrey(fromGrey(g).extract({ left, top, width, height }));

/**
 * Turned, deskewed, grey, evenly lit and upscaled when small: what Tesseract reads best. `tight`: the document is a
 * located card cropped close, so the blank corners the deskew adds around it are cut off (a card tilted 14° in its
 * crop doubled the pixels read, and the time: 3400 × 2361 px for a card of 3400 × 1178).
 */
async function prepare(document: Grey, turn: Turn, local = false, skews?: Map<number, number>, tight = false): Promise<Prepared> {
  // Raw grey pixels from step to step: no PNG is encoded or decoded on the way to OCR.
  const turnedFrom = async (g: Grey) => (turn ? await toGrey(fromGrey(g).rotate(turn)) : g);
  const turned = await turnedFrom(document);
  // A noisy photo is read from a denoised copy, turned and scaled alike; the photo keeps its texture.
  const quiet = await quieter(document);
  const turnedQuiet = quiet === document ? turned : await turnedFrom(quiet);
  // A half turn leaves the tilt of the lines as it was: measured once per axis.
  const skew = skews?.get(turn % 180) ?? (await estimateSkew(turnedQuiet));
  skews?.set(turn % 180, skew);
  const [cardWidth, cardHeight] = unrotatedSize(turned.width, turned.height, skew);
  const tilted = Math.abs(skew) >= 0.3;
  const rotated = async (g: Grey) => (tilted ? await toGrey(fromGrey(g).rotate(-skew, { background: '#ffffff' })) : g);
  const canvas = await rotated(turned);
  // (Only where the corners are a real share of the canvas: a slight tilt's few blank pixels are read as before.)
  const cut = tilted && tight && canvas.width * canvas.height > WORTH_CUTTING * cardWidth * cardHeight ? cardOnCanvas(canvas, [cardWidth, cardHeight]) : undefined;
  const cutOut = async (g: Grey) => (cut ? await cropGrey(g, cut) : g);
  const straight = await cutOut(canvas);
  const straightened = async (g: Grey) => cutOut(await rotated(g));
  // Small pictures are upscaled; so are wide ones (two sides side by side), whose letters are shorter.
  // Two cards side by side (an RG opened flat) print their labels at a third of the picture's height: read them taller.
  const wide = cardWidth / cardHeight > 2;
  const sideBySide = wide && cardWidth / cardHeight <= MAX_TWO_CARDS;
  const tall = wide ? WIDE_MIN_OCR_HEIGHT / cardHeight : MIN_OCR_HEIGHT / straight.height;
  const scale = Math.min(MAX_OCR_WIDTH / straight.width, Math.max(1, MIN_OCR_WIDTH / straight.width, tall));
  const levelled = async (g: Grey) => {
    const img = fromGrey(g);
    return toGrey(scale !== 1 ? img.resize({ width: Math.round(straight.width * scale), kernel: 'lanczos3' }) : img);
  };
  const frame: Frame = { turn, skew, scale, turned: [turned.width, turned.height], deskewed: [canvas.width, canvas.height], offset: cut ? [cut[0], cut[1]] : [0, 0], sideBySide };
  // The same geometry without any contrast or lighting change (its texture kept, for forensics).
  const photo = await levelled(straight);
  const { width, height } = photo;
  const toRead = quiet === document ? photo : await levelled(await straightened(turnedQuiet));
  // `local`: contrast per region (CLAHE on 64 px tiles), the second try when glare washed text out.
  const flat = local ? { pixels: clahe(toRead, LOCAL_TILE) } : await flattenIllumination(toRead.data, width, height);
  const deglared = flat.deglared && { grey: { data: flat.deglared.pixels, width, height }, box: flat.deglared.box };
  const patch = flat.deglared?.patch;
  // Where moderate glare washed print out (`patch`), the page is read with the glare undone from the first: a second
  // reading of those rows comes after the whole page's, and the time budget often refuses it. (The machine-readable
  // zone is read from the page as it was: its band reader undoes glare on its own.)
  const plain: Grey = { data: flat.pixels, width, height };
  const grey: Grey = deglared && patch ? { data: withPatch(flat.pixels, deglared.grey.data, width, patch), width, height } : plain;
  return { grey, plain, photo, deglared, frame };
}

/** A page prepared for reading at one turn. */
interface Prepared {
  /** The page to read: evenly lit, and where glare washed print out, with it undone. */
  grey: Grey;
  /** The page evenly lit, glare left as it is. */
  plain: Grey;
  photo: Grey;
  deglared?: Deglared;
  frame: Frame;
}

function mapBoxes(fields: OcrField[], f: (b: Box) => Box): OcrField[] {
  return fields.map((x) => ({ ...x, bbox: f(x.bbox), ...(x.fields ? { fields: mapBoxes(x.fields, f) } : {}) }));
}

interface Reading {
  type?: RecognizedType;
  score: number;
  /** The types weighed for this reading, best first, and what they were weighed on. */
  candidates: Candidate[];
  evidence: Evidence;
  conf: number;
  /** Tesseract reads sideways text but keeps sideways boxes: the layout rules need upright lines. */
  sideways: boolean;
  mrz?: MrzRead;
  lines: OcrLine[];
  /** Each card was read as one block of text (no layout analysis). */
  asBlocks: boolean;
  /** The lines the page's layout analysis gave, before lines it left out were rescued (`uncovered.ts`). */
  laidOut: OcrLine[];
  text: string;
  frame: Frame;
  /** The prepared image that was read, as raw grey pixels (field boxes are in its pixels). */
  grey: Grey;
  /** The same pixels before any contrast or lighting change. */
  photo: Grey;
  /** The same page with glare undone where it was brighter than usual (read again only when the first reading is doubtful). */
  deglared?: Deglared;
}

interface Deglared {
  grey: Grey;
  /** The bright region that changed, in the prepared image's pixels. */
  box: Box;
}

/** What the page says whatever way it is turned, each asked for once. */
interface PageCues {
  /** What the page's QR codes hold (decoded while the first reading runs: OCR works in its own thread). */
  qr: () => Promise<Evidence['qr']>;
  /** The page's QR codes as read. */
  codes: () => Promise<QrRead[]>;
  colour: Promise<CardColour | undefined>;
  /**
   * Width over height of the document as located in the photo (an opened RG is three times as wide as
   * tall), upright; undefined when it could not be told from its surroundings. Taken from its corners,
   * not from the crop: a tilted card's crop (and its deskewed canvas) is squarer than the card.
   */
  shape?: number;
  /** The document was located and cropped close: the deskew's blank corners are cut off before reading. */
  tight: boolean;
  /** The located document's corners in the crop that is read, when the crop keeps a margin around it. */
  outline?: Point[];
  /** Whether the call's time allows the zone's fallback readings. */
  zoneFallbacks: AffordsMore;
  /** Whether the call's time is not yet spent: a zone read off the photo starts only then (its own fallbacks as above). */
  withinBudget: AffordsMore;
  /** When a page reading still running is stopped (`BudgetClock.stopsAfter`), in milliseconds since the epoch. */
  readUntil: number;
  /** Set when a reading was stopped then: what the page holds was read in part, or not at all. */
  stopped: { cut: boolean };
  /**
   * The zone on the whole photo of a document located in it, each looked for at most once per call, only when a reading
   * needs it (on two cores, work started beside the OCR slows the OCR). `beside`: a band beside the located document (the
   * other side of a card scanned beside it). `over`: a band on the document, read off the photo when the page's own zone
   * did not validate: the document's outline was located inside its edge (a zone printed on white paper fades into a
   * white scanner lid) and the page cut the zone's first or last characters.
   */
  onPhoto?: ZonesOnPhoto;
}

/** A located document's zone on the whole photo: a band beside the document, or on it (see `PageCues.onPhoto`). */
export interface ZonesOnPhoto {
  beside: () => Promise<MrzRead | undefined>;
  over: () => Promise<MrzRead | undefined>;
}

/** Types whose documents carry a machine-readable zone. */
const ZONE_TYPES = new Set<RecognizedType>(['PASSAPORTE', 'CIN_VERSO', 'DOCUMENTO_ESTRANGEIRO']);

/** A function's promise, made on the first call and shared by the later ones. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * The zone on the whole photo of a document located in it (`PageCues.onPhoto`): its band located at most once, and read
 * only when a reading asks for it.
 */
function zonesOnPhoto(png: Buffer, document: Box, more: AffordsMore): ZonesOnPhoto {
  const located = once(async () => {
    const photo = await toGrey((await imageOf(png)).removeAlpha());
    return { photo, band: await locateMrz(photo).catch(() => undefined) };
  });
  const readWhere = (beside: boolean) =>
    once(async () => {
      const { photo, band } = await located();
      if (!band || liesBeside(band, document) !== beside) return undefined;
      // A band on the document, read off the photo, is taken only where its glyphs vouch for every character: the photo
      // was not prepared for reading (a small scan read there made a 0/O pair that cancels, and junk after the names).
      const read = await (beside ? readBand(photo, band, more) : readBandOffPhoto(photo, band, more)).catch(() => undefined);
      return read && { ...read, bbox: band.box, onPhoto: true };
    });
  return { beside: readWhere(true), over: readWhere(false) };
}

/**
 * One reading of the page at a turn. `earlier`: a reading of the same page in the same frame that placed nothing; its
 * text and portrait count as this one's cues too (a page read again as blocks or with local contrast reads some lines
 * better and loses others: a heading one reading garbles, the other reads).
 */
async function read(document: Grey, turn: Turn, page: PageCues, local = false, skews?: Map<number, number>, asBlocks = false, earlier?: Reading, prepared?: Prepared): Promise<Reading> {
  const { grey: printed, plain, photo, deglared, frame } = prepared ?? (await prepare(document, turn, local, skews, page.tight));
  // A QR code on the document (seen on the photo) is painted out before the text is read: it holds none, and the
  // layout analysis takes it for a picture that swallows the print beside it.
  const grey = (await page.codes()).length ? await withoutCodes(printed) : printed;
  const reading = readPage(grey, { sideBySide: frame.sideBySide, asBlocks, located: page.tight, deadline: page.readUntil });
  const qr = await page.qr();
  // The zone's band is found by its shape and read while the page's OCR runs (its threads are busy with the page until then).
  const band = readZoneBand(plain, plain, page.zoneFallbacks);
  band.catch(() => undefined);
  const out = await reading;
  if (out.cut) page.stopped.cut = true;
  const laidOut = out.lines;
  // Lines the layout analysis left out, read where ink lies that no word covers.
  const rescued = await readUncovered(grey, out.lines);
  if (rescued.length) out.lines = withRescued(out.lines, rescued);
  // Lines whose first letters the reading dropped beside a picture, read again from where their ink begins.
  // And words whose last glyphs it dropped, read again to where their ink ends.
  const led = await withTrailingGlyphs(grey, await withLeadingGlyphs(grey, out.lines));
  if (rescued.length || led !== out.lines) {
    out.lines = led;
    out.text = out.lines.map((l) => l.text).join('\n');
  }
  let mrz = await readMachineZone(plain, out.lines, band, deglared?.grey, photo, page.zoneFallbacks);
  const long = out.lines.filter((l) => l.text.length >= 6);
  const sideways = long.length > 0 && long.filter((l) => l.bbox[3] > l.bbox[2]).length > long.length / 2;
  const words = out.lines.flatMap((l) => l.words).filter((w) => w.text.trim().length >= 2);
  const before = earlier && sameFrame(earlier, { frame, grey }) ? earlier : undefined;
  const evidence: Evidence = {
    text: fold(before ? `${before.text}\n${out.text}` : out.text),
    mrz,
    mrzShape: mrzShape(out.lines),
    qr,
    qrPrinted: qr === 'cnh' && codeValuesPrinted(await page.codes(), out.text),
    // (Lines read standing on end: the page lies a quarter turn from how it was prepared.)
    aspect: page.shape === undefined ? undefined : (frame.turn % 180 === 0) === !sideways ? page.shape : 1 / page.shape,
    // Sideways lines cover the page in the wrong shape: no portrait judged from them.
    portrait: sideways ? undefined : (portraitOf(photo, words.map((w) => w.bbox), frame, page.outline) ?? before?.evidence.portrait ?? null),
    colour: await page.colour,
  };
  evidence.halves = halvesOf(nameWords(out.lines, grey.width), evidence.portrait?.box, grey.width);
  let c = classifyEvidence(evidence);
  // A page that places nothing, or places a type that carries a zone, without a valid zone of its own, may be one side
  // of a card scanned beside the other: a valid zone beside it places it. (Only then: a placed CIN or CNH front keeps
  // its type and fields when its back lies beside it.)
  if ((!c.type || ZONE_TYPES.has(c.type)) && !mrz?.valid) {
    const beside = await page.onPhoto?.beside();
    // A band on the document that the page did not read valid (or did not find: cut short): read off the photo, past
    // where the page cut it, if the call's time is not spent.
    const over = beside?.valid || !page.withinBudget() ? undefined : await page.onPhoto?.over();
    const onPhoto = beside?.valid ? beside : over?.valid ? over : undefined;
    if (onPhoto) {
      mrz = evidence.mrz = onPhoto;
      c = classifyEvidence(evidence);
    }
  }
  return { type: c.type, score: c.score, candidates: c.candidates, evidence, conf: out.conf, sideways, mrz, lines: out.lines, asBlocks, laidOut, text: out.text, frame, grey, photo, deglared };
}

/**
 * The portrait, looked for on the card as the crop holds it and, when none is found there, on the card inside its
 * located outline with a ring of one grid cell around it. The crop's margin of surface, taken for the card, can join a
 * darker surface to a portrait printed near the card's edge and hide it. (Inside the outline only, an unseen-layout
 * RG front lost the portrait the crop found, and was no longer placed.)
 */
function portraitOf(photo: Grey, textBoxes: Box[], frame: Frame, outline?: Point[]): PortraitCue | undefined {
  const onCrop = findPortraitOnCards(photo, textBoxes, cardOnPage(frame, photo), frame.sideBySide);
  const inside = !onCrop && outline ? insideOutline(outline, frame, photo) : undefined;
  return onCrop ?? (inside && findPortraitOnCards(photo, textBoxes, withRing(inside, photo), frame.sideBySide));
}

/** Two or more lines shaped like a machine-readable zone: about 30 characters (TD1) or 44 (TD3). */
function mrzShape(lines: OcrLine[]): Evidence['mrzShape'] {
  const zone = lines.map((l) => l.text.replace(/\s+/g, '')).filter((t) => looksLikeMrz(t));
  if (zone.length < 2) return undefined;
  const length = zone.map((t) => t.length).sort((a, b) => a - b)[Math.floor(zone.length / 2)]!;
  return length <= 33 ? 'TD1' : length >= 40 ? 'TD3' : undefined;
}

/**
 * Upright text read with confidence that names no document we know: turning it will not make it one.
 * (Upside down or sideways, Tesseract reads few words and those with low confidence.)
 */
function legibleUnknown(r: Reading): boolean {
  const sure = r.lines.flatMap((l) => l.words).filter((w) => w.conf >= 80 && /[A-Za-zÀ-ú]{3,}/.test(w.text));
  return !r.sideways && r.conf >= 75 && sure.length >= 10;
}

interface Base {
  /** The document alone, grey. */
  grey: Grey;
  width: number;
  height: number;
  /** A box in `png` to pixels of the submitted page. */
  toPage: (b: Box) => Box;
  /** Whether the document was told apart from its surroundings (else `png` is the whole page). */
  located: boolean;
  /** The document's corners in the page, when located. */
  quad?: Point[];
  /** Its corners in `grey`, when that keeps a margin of the surface around it (a crop, not a rectified card). */
  outline?: Point[];
  /** Width over height of a document the photo's side cuts (its visible part: at most its real shape). */
  visibleShape?: number;
}

/** A located document narrower than this (width over height) stands on end: an opened RG or CNH turned a quarter is about 0.3, a stacked CNH upright 0.55 or more. */
const ON_END = 0.5;

/** Opposite sides whose lengths differ by more than this share mean a perspective worth undoing. */
const PERSPECTIVE = 0.03;

/**
 * The document cut out of the photo when it can be told apart from the
 * surface it lies on; else the whole page. A document seen at an angle is
 * rectified (its perspective undone); one seen square-on is only cropped,
 * because resampling softens thin strokes such as accents and the tilt is
 * removed later by the deskew.
 */
async function documentOnly(png: Buffer, width: number, height: number): Promise<Base> {
  const quad = await locateDocument(png);
  if (!quad) {
    // A document the photo's side cuts is read as the whole page (cropped to its visible part, the two-card cut and
    // upscaling it brings read worse: measured on cut opened RGs), but its shape is a cue for the classifier.
    const visible = await visibleDocument(png);
    // A document on a surface that could not be outlined (a glare across its edge) is read cropped to its print: the
    // whole photo would be read at a size where its letters are a few pixels tall.
    const print = visible ? undefined : await printRegion(png);
    if (print) {
      const [x0, y0, w, h] = print;
      return { grey: await toGrey((await imageOf(png)).removeAlpha().extract({ left: x0, top: y0, width: w, height: h })), width: w, height: h, toPage: (b) => [b[0] + x0, b[1] + y0, b[2], b[3]], located: false };
    }
    return { grey: await toGrey((await imageOf(png)).removeAlpha()), width, height, toPage: (b) => b, located: false, visibleShape: visible?.shape };
  }
  const len = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const skewed = (a: number, b: number) => Math.abs(a - b) / Math.max(a, b) > PERSPECTIVE;
  if (!skewed(len(quad[0], quad[1]), len(quad[3], quad[2])) && !skewed(len(quad[0], quad[3]), len(quad[1], quad[2]))) {
    const margin = 0.02 * Math.max(width, height);
    const x0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p[0])) - margin));
    const y0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p[1])) - margin));
    const x1 = Math.min(width, Math.ceil(Math.max(...quad.map((p) => p[0])) + margin));
    const y1 = Math.min(height, Math.ceil(Math.max(...quad.map((p) => p[1])) + margin));
    // The surface around a tilted card is painted white: dark corners make Tesseract's layout analysis see a picture, not text.
    const w = x1 - x0;
    const h = y1 - y0;
    const grow = 0.006 * Math.max(width, height);
    const cx = quad.reduce((a, p) => a + p[0], 0) / 4;
    const cy = quad.reduce((a, p) => a + p[1], 0) / 4;
    const points = quad.map(([px, py]) => {
      const d = Math.hypot(px - cx, py - cy) || 1;
      return `${(px + ((px - cx) / d) * grow - x0).toFixed(1)},${(py + ((py - cy) / d) * grow - y0).toFixed(1)}`;
    });
    const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><path fill="#ffffff" fill-rule="evenodd" d="M0,0H${w}V${h}H0Z M${points.join(' L')}Z"/></svg>`);
    // Grey from here on: every later step (turns, deskew, upscaling) then moves a third of the data.
    // (A composite always comes out with colour and alpha: made grey in a second step.)
    const { data, info } = await (await imageOf(png)).extract({ left: x0, top: y0, width: w, height: h }).composite([{ input: mask }]).raw().toBuffer({ resolveWithObject: true });
    const crop = await toGrey(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).removeAlpha());
    const outline = quad.map(([px, py]): Point => [px - x0, py - y0]);
    return { grey: crop, width: w, height: h, toPage: (b) => [b[0] + x0, b[1] + y0, b[2], b[3]], located: true, quad, outline };
  }
  const r = await rectify(png, quad);
  const toPage = (b: Box): Box => {
    const corners: Point[] = [r.toPhoto(b[0], b[1]), r.toPhoto(b[0] + b[2], b[1]), r.toPhoto(b[0], b[1] + b[3]), r.toPhoto(b[0] + b[2], b[1] + b[3])];
    const x0 = Math.max(0, Math.min(...corners.map((c) => c[0])));
    const y0 = Math.max(0, Math.min(...corners.map((c) => c[1])));
    const x1 = Math.min(width, Math.max(...corners.map((c) => c[0])));
    const y1 = Math.min(height, Math.max(...corners.map((c) => c[1])));
    return [Math.round(x0), Math.round(y0), Math.max(0, Math.round(x1 - x0)), Math.max(0, Math.round(y1 - y0))];
  };
  return { grey: { data: r.grey, width: r.width, height: r.height }, width: r.width, height: r.height, toPage, located: true, quad };
}

/** A page's pixels with the box's taken from another version of the page. */
function withPatch(page: Uint8Array, patch: Uint8Array, width: number, [x, y, w, h]: Box): Buffer {
  const out = Buffer.from(page);
  for (let r = y; r < y + h; r++) out.set(patch.subarray(r * width + x, r * width + x + w), r * width + x);
  return out;
}

/** Rows above and below the glare region read with it, as a share of the page's height: lines at its edges are not cut. */
const GLARE_MARGIN = 0.03;

/** The band `withGlareUndone` reads, as a share of the page's height (what reading it costs, against a whole reading). */
const glareBandShare = ({ box }: Deglared, height: number): number => Math.min(1, box[3] / height + 2 * GLARE_MARGIN);

/** The glare-undone page with its glare region cut to rows `[top, bottom)`. */
const narrowedTo = (d: Deglared, [top, bottom]: [number, number]): Deglared => ({ ...d, box: [d.box[0], top, d.box[2], bottom - top] });

/** Lines of the glare region read again from the page with glare undone, in place of the first reading's. */
async function withGlareUndone(lines: OcrLine[], deglared: Deglared, sideBySide: boolean): Promise<OcrLine[]> {
  const { grey, box } = deglared;
  // Whole lines: the band across the page holding the bright region, with a margin so lines at its edges are not cut.
  const margin = Math.round(grey.height * GLARE_MARGIN);
  const top = Math.max(0, box[1] - margin);
  const bottom = Math.min(grey.height, box[1] + box[3] + margin);
  // Whole rows: the band is a slice of the page's pixels as they are.
  // Read like the page (two halves on two threads when the band is tall).
  const out = await readPage({ data: grey.data.subarray(top * grey.width, bottom * grey.width), width: grey.width, height: bottom - top }, { sideBySide });
  const shift = (b: Box): Box => [b[0], b[1] + top, b[2], b[3]];
  const inside = (b: Box) => b[1] + b[3] / 2 >= box[1] && b[1] + b[3] / 2 <= box[1] + box[3];
  const again = out.lines
    .map((l) => ({ ...l, bbox: shift(l.bbox), words: l.words.map((w) => ({ ...w, bbox: shift(w.bbox) })) }))
    .filter((l) => inside(l.bbox));
  restoreAccents(grey, again);
  return [...lines.filter((l) => !inside(l.bbox)), ...again].sort((a, b) => a.bbox[1] - b.bbox[1]);
}

/**
 * QR codes become a nested `qrCode` field; each pair that is also printed is
 * compared with the printed value (`valid`), and fills it when it was not read.
 */
function addQrCodes(codes: QrRead[], fields: OcrField[]): void {
  for (const code of codes) {
    const pairs = qrPairs(code.text);
    const nested: OcrField[] = [{ key: 'conteudo', value: code.text, conf: 100, bbox: code.bbox }];
    let consistent = true;
    for (const [key, value] of Object.entries(pairs)) {
      const printed = fields.find((f) => f.key === key);
      const same = printed ? printed.value === value : undefined;
      if (same === false) consistent = false;
      nested.push({ key, value, conf: 100, bbox: code.bbox, ...(same === undefined ? {} : { valid: same }) });
      if (!printed && (key === 'cpf' || key === 'numeroRegistro' || key === 'nome' || key === 'dataNascimento' || key === 'validade')) {
        fields.push({ key, value, conf: 100, bbox: code.bbox, valid: true });
      }
    }
    fields.push({ key: 'qrCode', value: code.text, conf: 100, bbox: code.bbox, fields: nested, valid: consistent });
  }
}

/**
 * SPEC 4.9: reads a document image or PDF into an OcrResult. Upright photos
 * are read once; a photo that is not recognised is tried turned 180, 90 and
 * 270 degrees (a phone held the other way).
 */
export async function extractDocument(value: string, field = 'image'): Promise<OcrResult> {
  // The time budget counts from here: decoding the upload is part of the call.
  const clock = budgetClock();
  return (await readDocument(await intake(value, field), { clock })).result;
}

/** A document read, with where it lies in the submitted picture (undefined when it could not be told from its surroundings). */
export interface DocumentReading {
  result: OcrResult;
  documentBox?: Box;
  /** The document's corners in the submitted image (top-left, top-right, bottom-right, bottom-left), when located. */
  documentQuad?: Point[];
  /** Everything OCR read on the page (and the PDF text layer): other kinds of document are told from it. */
  text: string;
  /** Where the holder signed, in pixels of the submitted image. */
  signature?: SignatureRegion;
  /** What the classification weighed (for the benchmark and diagnosis). */
  classification?: { evidence: Evidence; candidates: Candidate[] };
  /** The document alone, cropped from its surroundings and turned upright (PNG). */
  upright: () => Promise<Buffer>;
  /**
   * The page as it was read (upright, deskewed, scaled) but grey as photographed, without the
   * lighting correction, with the field boxes in its pixels: tight, level boxes for forensics.
   */
  fieldView?: { grey: Grey; fields: { key: string; box: Box }[] };
}

export interface ReadOptions {
  /** Called once the document is told from its surroundings, before it is read (work that needs only its place can start). */
  onLocated?: (where: { documentBox?: Box; documentQuad?: Point[] }) => void;
  /** The call's time budget, when it started before this reading (decoding included); by default one starts here. */
  clock?: BudgetClock;
  /** The budget of the clock that starts here, in ms (by default DOCUMENT_TIME_BUDGET_MS, an API call's; a process passes DOCUMENT_PROCESS_TIME_BUDGET_MS). */
  budgetMs?: number;
}

/** Fewer fields than this read off a page two cards wide: its cards are read again as blocks. */
const FEW_FIELDS = 3;
/** The cards read as blocks, as a share of a full reading: no layout analysis (measured about half, 0.65 s against 1.2 s). */
const BLOCKS_SHARE = 0.6;

/** Lines of a reading (its own, or another reading of the same page) on the data side of a type, by its portrait's side. */
function dataSide(r: Reading, type: RecognizedType, lines: OcrLine[] = r.lines): OcrLine[] {
  const portraitBox = r.evidence.portrait?.box;
  return fieldLines(type, lines, portraitBox && sideOf(portraitBox, r.grey.width), r.grey.width);
}

/** The fields a reading gives for a type, as the engine first extracts them (before any re-reading). */
const fieldsOf = (r: Reading, type: RecognizedType, lines: OcrLine[] = r.lines): OcrField[] => extractFields(type, dataSide(r, type, lines), r.mrz);

/** Two readings of one page in the same frame: a box in one is the same place in the other. */
const sameFrame = (a: Pick<Reading, 'frame' | 'grey'>, b: Pick<Reading, 'frame' | 'grey'>): boolean =>
  a.frame.turn === b.frame.turn && a.frame.skew === b.frame.skew && a.frame.scale === b.frame.scale && a.grey.width === b.grey.width && a.grey.height === b.grey.height;

/**
 * A zone that does not validate is read again many ways (each line alone, unsqueezed, without pale print, the other
 * way up, on the glare-undone page, with local contrast): a dozen band readings on a garbled one (3.4 s measured).
 * They are tried while the call has spent less than this share of its budget. (At 0.6 a 1600 px photo's band, read
 * after the page's OCR, already found them barred.)
 */
const ZONE_FALLBACKS_UNTIL = 0.8;

/**
 * A reading that placed nothing, or placed a type of which its layout analysis gave fewer than three printed fields, or
 * not one date: every model read two cards wide prints the holder's birth and the card's issue (an 800 px opened RG's
 * names read as three fields while its smaller dates were lost).
 */
const fewLaidOut = (r: Reading): boolean => {
  if (!r.type) return true;
  const printed = printedOf(r.type, fieldsOf(r, r.type, r.laidOut));
  return printed.length < FEW_FIELDS || !printed.some((f) => isIsoDate(f.value));
};

/**
 * The lone short values (a CNH's category, a sex) read where the reading skipped them, as a share of a full reading: a
 * glyph group or two, each read small (measured 0.10–0.18 s beside readings of 1.5–2 s). At the quarter the fallbacks
 * before it ask, a rough CNH's category was left unread at the default budget with 0.3 s still to spend.
 */
const LONE_VALUES_SHARE = 0.1;

/** Turn probes, level pair or quarter pair, as a share of a full reading (small, sparse readings run side by side). */
const PROBE_SHARE = 0.5;

/** The turn every QR code found agrees on, when at least one was found. */
function codedTurn(found: QrRead[]): Turn | undefined {
  const turns = new Set(found.map((c) => c.turn));
  return turns.size === 1 ? [...turns][0] : undefined;
}

/** The engine on media already taken in (the fraud analysis also needs the pixels and the document's place). */
export async function readDocument(media: MediaInput, options: ReadOptions = {}): Promise<DocumentReading> {
  const page = media.images[0]!;
  const clock = options.clock ?? budgetClock(options.budgetMs);
  // The thread that judges a garbled zone loads while the page is read.
  startMrzThread();
  // Nothing drawn (a plain surface, a covered lens): said at once, not after every turn and fallback. The check, the
  // QR codes (a code printed on the document says which way up it is) and the document's outline are looked for at
  // once: each is mostly libvips work, which spreads over the cores while the request thread waits.
  const blank = media.text ? Promise.resolve(false) : isBlank(page.png);
  const codes = readQrCodes(page.png).catch(() => [] as QrRead[]);
  const located = documentOnly(page.png, page.width, page.height);
  located.catch(() => undefined);
  if (await blank) {
    const errorMessage = 'document_not_recognized (nothing is drawn on the picture: no print, no card edge)';
    return { result: { typeRecognized: '', typeParentAlias: '', digitalDocument: media.digital, fields: [], errorMessage }, text: '', upright: async () => page.png };
  }
  const base = await located;
  const documentBox = base.located ? base.toPage([0, 0, base.width, base.height]) : undefined;
  options.onLocated?.({ documentBox, documentQuad: base.quad });
  const locatedShape = base.quad && quadShape(base.quad);
  const cues: PageCues = {
    qr: async () => {
      const found = await codes;
      if (found.length === 0) return undefined;
      return found.some((c) => /^\d{11}$/.test(qrPairs(c.text).numeroRegistro ?? '')) ? 'cnh' : 'other';
    },
    codes: () => codes,
    colour: cardColour(page.png, documentBox, base.quad).catch(() => undefined),
    shape: locatedShape ?? base.visibleShape,
    tight: base.located,
    outline: base.outline,
    zoneFallbacks: affordsUntil(clock.at(ZONE_FALLBACKS_UNTIL * clock.budget)),
    withinBudget: affordsUntil(clock.at(clock.budget)),
    readUntil: clock.at(clock.stopsAfter),
    stopped: { cut: false },
  };
  if (documentBox) cues.onPhoto = zonesOnPhoto(page.png, documentBox, cues.zoneFallbacks);
  // Upright is the common case; only a doubtful reading pays for the other three turns, as long as the budget lasts.
  const quality = (r: Reading) => (r.sideways ? -100 : 0) + r.score + r.conf / 25;
  const skews = new Map<number, number>();
  const probes: ProbeMemo = new Map();
  const upright = () => fromGrey(base.grey).rotate(best.frame.turn).png(PIXEL_PNG).toBuffer();
  // A document located standing on end (none read here is that narrow upright) is turned a quarter one way or the
  // other: both quarter turns are read, the second only when the first is not settled; level and upside down are not
  // tried (and not probed: a probe shrinks so narrow a page until its letters are illegible).
  const onEnd = locatedShape !== undefined && locatedShape < ON_END;
  // Lines standing on end, told by their ink before any reading: the two quarter turns are probed first and the better
  // one read (a reading of sideways lines is slow and useless, and used to spend the budget before the turn was found).
  // A QR code printed on the document (the CNH's and the CIN's are printed upright) says the turn before any reading:
  // a page read upside down reads as garbage, and slowly (3 s for an opened CNH of 1000 px, the whole budget).
  const coded = codedTurn(await codes);
  let firstTurn: Turn = coded ?? (onEnd ? 90 : 0);
  const standing = coded === undefined && !onEnd && linesStandOnEnd(await textDirection(base.grey));
  if (standing) firstTurn = 90;
  clock.begin();
  // Nothing read yet says which way up the page is: its labels may (each printed small just above its value), and the
  // page prepared to tell it is the one read when they say it is the right way up. Lines standing on end that the
  // labels leave undecided are probed at both quarter turns.
  let prepared: Prepared | undefined;
  // The labels said the page is the right way up: a reading of it placed by its text is not probed at other turns.
  let labelsUpright = false;
  // Lines stand on end and neither quarter turn's probe read a word: both quarter turns are read in full, as the budget
  // allows (`quarterAfterProbes`).
  let quarterUnprobed = false;
  if (coded === undefined) {
    prepared = await prepare(base.grey, firstTurn, false, skews, base.located);
    const order = await labelOrder(prepared.grey);
    labelsUpright = labelsSayUpright(order);
    if (labelsSayUpsideDown(order)) {
      firstTurn = ((firstTurn + 180) % 360) as Turn;
      prepared = undefined;
    } else if (standing && !labelsSayUpright(order)) {
      const [top] = await probeTurns(base.grey, [90, 270], skews, probes);
      const quarter = quarterAfterProbes(firstTurn, top);
      quarterUnprobed = quarter.thenOpposite;
      if (quarter.turn !== firstTurn) {
        firstTurn = quarter.turn;
        prepared = undefined;
      }
    }
  }
  let best = await read(base.grey, firstTurn, cues, false, skews, false, undefined, prepared);
  clock.lap();
  const skipped: string[] = [];
  // A QR code printed on the document said the turn: the other turns are not read or probed, however poorly this one
  // read (an opened CNH's noisy reading had the opposite turn read in full and the four turns probed, about 1.2 s).
  if ((onEnd || quarterUnprobed) && !settledReading(best) && coded === undefined) {
    const opposite = ((firstTurn + 180) % 360) as Turn;
    if (onEnd || clock.affords()) {
      const other = await read(base.grey, opposite, cues, false, skews);
      clock.lap();
      if (quality(other) > quality(best)) best = other;
    } else skipped.push(`${opposite}°`);
  }
  // Two cards side by side, the portrait found on one and the dates and numbers read on the other, yet nothing placed or
  // fewer than three of the model's fields read: the turn is right (upside down, dates do not read as dates) and the
  // automatic layout most likely took a card's print for a picture. Each card is read as one block before the turn
  // probes, which would only confirm the turn and spend the time that reading needs (an opened RG's photo: 1.5 s for the
  // first reading, 0.4 s of probes, and the blocks, which read all its fields, refused).
  const blocksFirst = best.frame.sideBySide && !best.sideways && dataBesidePortrait(best.evidence.halves) && fewLaidOut(best) && clock.affords(BLOCKS_SHARE) ? await read(base.grey, best.frame.turn, cues, false, skews, true, best) : undefined;
  if (blocksFirst && !best.type && quality(blocksFirst) > quality(best)) best = blocksFirst;
  // No card outline and not one line of text read: a picture with no document in it (a face, a scene). A turned
  // document still reads as lines (sideways, or upside-down letter soup), so no turn would find one here, and the
  // probes only spent the budget (face photos took 0.9-2.9 s; the four-turn probes found nothing on any).
  const nothingRead = !base.located && !best.sideways && best.lines.length === 0;
  // (Only the turn the labels were judged at: the reading made with the page prepared for them.)
  const settled = settledReading(best) || (labelsUpright && best.frame.turn === firstTurn && settledByLabels(best));
  if (!settled && !legibleUnknown(best) && !nothingRead) {
    // Small readings of all four turns (the upright one too: words are counted at the probe's size) say which to read in full.
    // They are what tells a turned document from one that is no document, so they are probed whenever the time left
    // covers them (a fraction of a reading); past that, the page is said to be not recognised, with the probes not tried.
    // A first reading whose lines stand on end is turned a quarter: the level and upside-down probes are spared.
    // Lines lying level but unreadable are most often upside down: level and upside down are probed first, the quarter
    // turns only when neither of those two stands clearly above the other.
    const turnCoded = coded !== undefined;
    const probesAfforded = !turnCoded && (onEnd || clock.affords(PROBE_SHARE));
    if (!turnCoded && !probesAfforded) skipped.push('turn probes');
    // Sideways means a quarter from the turn read first (from upright, or from a quarter turn the ink suggested).
    const across: Turn[] = [((firstTurn + 90) % 360) as Turn, ((firstTurn + 270) % 360) as Turn];
    const probed = !probesAfforded || onEnd ? [] : best.sideways ? await probeTurns(base.grey, across, skews, probes) : await probeLevelFirst(base.grey, skews, () => clock.affords(PROBE_SHARE) || (skipped.push('quarter-turn probes'), false), probes);
    // Lines standing on end say the page is turned a quarter even when neither probe read three sure words (a blurred,
    // noisy photo reads poorly at the probe's size): then both quarter turns are read in full, as the budget allows.
    const turns: typeof probed = probesAfforded && probed.length === 0 && best.sideways && !onEnd ? across.map((turn) => ({ turn, words: 1 })) : probed;
    // (The turn read first, level unless lines were seen standing on end, is the one to beat.)
    const upright = turns.find((t) => t.turn === firstTurn)?.words ?? 0;
    for (const [k, { turn, words }] of turns.entries()) {
      if (turn === firstTurn) continue;
      if (words <= upright) break;
      // The right way up, when the probes agree on it, is the reading itself rather than a fallback: never skipped.
      const decisive = k === 0 && words >= 5 && words >= 2 * upright;
      if (!decisive && !clock.affords()) {
        skipped.push(`${turn}°`);
        continue;
      }
      const reading = await read(base.grey, turn, cues, false, skews);
      clock.lap();
      if (quality(reading) > quality(best)) best = reading;
      if (settledReading(reading)) break;
    }
    // No card outline, no sideways lines and not three sure words at any turn: a picture with no document in
    // it (a face, a scene), where local contrast finds nothing either and only adds a reading's time.
    const noDocument = probesAfforded && !base.located && !best.sideways && probed.length === 0;
    // Nothing recognised: once more, the best orientation with local contrast; two cards side by side first each card
    // as one block of text (the automatic layout can take a card's print, beside a large portrait and blank margins,
    // for a picture and return nothing from it).
    const fallbacks = best.frame.sideBySide ? (['cards as blocks', 'local contrast'] as const) : (['local contrast'] as const);
    for (const fallback of fallbacks) {
      if (best.type || noDocument) break;
      if (fallback === 'cards as blocks' && blocksFirst) continue;
      if (!clock.affords(fallback === 'cards as blocks' ? BLOCKS_SHARE : 1)) {
        skipped.push(fallback);
        continue;
      }
      const again = await read(base.grey, best.frame.turn, cues, fallback === 'local contrast', skews, fallback === 'cards as blocks', best);
      if (quality(again) > quality(best)) best = again;
    }
  }
  const fromText = media.digital ? classifyEvidence({ text: fold(media.text) }) : undefined;
  const type = best?.type ?? fromText?.type;
  const text = [best.text, media.text].filter(Boolean).join('\n');
  if (!type) {
    const spent = [...(cues.stopped.cut ? [`reading stopped at ${clock.stopsAfter} ms`] : []), ...(skipped.length ? [`not tried: ${skipped.join(', ')}`] : [])];
    const errorMessage = spent.length ? `document_not_recognized (time budget of ${clock.budget} ms spent; ${spent.join('; ')})` : 'document_not_recognized';
    const candidates = best.candidates.filter((c) => c.score > 0).map((c) => ({ type: c.type, score: c.score, cues: c.cues }));
    return { result: { typeRecognized: '', typeParentAlias: '', digitalDocument: media.digital, fields: [], errorMessage, ...(candidates.length ? { candidates } : {}) }, documentBox, documentQuad: base.quad, text, upright, classification: { evidence: best.evidence, candidates: best.candidates } };
  }
  // A page two cards wide that was placed while its data card gave almost nothing: the automatic layout can take that
  // card's print, under a security background, for a picture. Each card is read once more as one block of text, and
  // that reading is kept when it gives more of the model's fields (a fallback: within the time budget).
  // Counted on the layout's own lines: names rescued where it left a line out (`uncovered.ts`) do not make a skipped card read.
  // Only the fields the model prints count: an opened RG's CPF (printed on some) read off a card whose dates were lost
  // left it unread as blocks, and its dates with it.
  const blocksDue = best.frame.sideBySide && !best.asBlocks && best.type === type && (blocksFirst !== undefined || clock.affords(BLOCKS_SHARE)) && fewLaidOut(best);
  // (The blocks read before the turn probes, when they were, are that reading.)
  // The reading not kept, when made in the same frame (its boxes in the same pixels): its fields fill the kept one's
  // gaps, each field taken from the reading where it stands better.
  let also: Reading | undefined;
  if (blocksDue) {
    const blocks = blocksFirst ?? (await read(base.grey, best.frame.turn, cues, false, skews, true));
    if (blocks.type === type) {
      const [kept, other] = fieldsOf(blocks, type).length > fieldsOf(best, type).length ? [blocks, best] : [best, blocks];
      best = kept;
      if (sameFrame(kept, other)) also = other;
    }
  }
  restoreAccents(best.grey, best.lines);
  if (also) restoreAccents(also.grey, also.lines);
  await rereadBrokenDates(best.grey, best.lines);
  const onDataSide = (on: OcrLine[]) => dataSide(best, type, on);
  const own = fieldsOf(best, type);
  const first = also ? bestOfEach(own, fieldsOf(also, type)) : own;
  let fields = first;
  let secondPage = best.grey;
  let lines = best.lines;
  // Only when a field in doubt lies across the glare's rows (or one is missing): elsewhere the page reads the same.
  const glare = best.deglared && ([best.deglared.box[1], best.deglared.box[1] + best.deglared.box[3]] as [number, number]);
  // (A band of the page is read again: it costs its share of a reading, not a whole one.)
  // Only the rows from the first to the last field in doubt there are read again, and where the label of a missing
  // field says its value lies (all of the glare's rows when that label was not read either).
  const rows = glare && doubtfulRows(type, first, glare, placeOfMissing(onDataSide(best.lines)));
  const narrowed = best.deglared && rows ? narrowedTo(best.deglared, rows) : undefined;
  if (best.deglared && narrowed && clock.affords(glareBandShare(narrowed, best.grey.height))) {
    lines = await withGlareUndone(best.lines, narrowed, best.frame.sideBySide);
    await rereadBrokenDates(best.deglared.grey, lines);
    fields = bestOfEach(first, extractFields(type, onDataSide(lines), best.mrz));
    secondPage = best.deglared.grey;
  }
  // A zone read off the photo, and the fields taken from it, are placed in the photo's pixels already: not on the
  // page, so not read again there.
  const photoBox = best.mrz?.onPhoto ? best.mrz.bbox : undefined;
  const onPhoto = (b: Box) => photoBox !== undefined && b.every((v, k) => v === photoBox[k]);
  // Each field is read again on the page it was read from.
  const fromFirst = fields.filter((f) => first.includes(f) && !onPhoto(f.bbox));
  const fromSecond = fields.filter((f) => !first.includes(f) && !onPhoto(f.bbox));
  // All at once: the pool's threads take them as they come free (each touches its own fields).
  const pages = [[best.grey, fromFirst], [secondPage, fromSecond]] as const;
  // The short values (category, sex, nationality code) join them, each a key of its own; the glare version's come after,
  // only for what the first page's left missing or doubtful.
  const shortValues = (grey: Grey, on: OcrLine[]) => (SHORT_VALUES[type] ?? []).map((spec) => rereadShort(grey, fields, spec, shortValueRegions(on, fields, spec, grey.width)));
  await Promise.all([...pages.filter(([, subset]) => subset.length > 0).flatMap(([grey, subset]) => [rereadNumbers(grey, subset), rereadNames(grey, subset)]), ...shortValues(best.grey, best.lines)]);
  if (lines !== best.lines) await Promise.all(shortValues(secondPage, lines));
  // A CNH's code names its holder: a holder taken by place who is not, while the code's name was read as a parent, is mended.
  if (type.startsWith('CNH')) holderFromCode(fields, (await codes).map((c) => qrPairs(c.text).nome).find(Boolean));
  // A filiação read with one parent: the other may stand a line above or below it, lost to the reading or read into it.
  if (clock.affords(0.25)) await Promise.all(pages.filter(([, subset]) => subset.some((f) => f.key === 'filiacao')).map(([grey, subset]) => completeParents(grey, subset)));
  // Dates the QR code states anchor the unlabelled dates where the page's own were not read.
  fillDatesAround(type, onDataSide(lines), fields, qrDates(await codes));
  // A CPF the reading did not find at all may stand on the page broken (a digit taken for a sign, its check digits lost).
  if (clock.affords(0.25)) await rescueMissingCpf(best.grey, best.lines, fields, type, best.photo);
  // What is still missing may stand alone on the page, where the reading skipped it.
  if (clock.affords(LONE_VALUES_SHARE)) await readLoneValues(best.grey, best.lines, fields, SHORT_VALUES[type] ?? []);
  // A valid zone's checked values stand where the printed side was misread (its names where the lexicon says so).
  zoneOverPrinted(type, fields, best.mrz);
  // Dates checked together (birth before issue before expiry, age 0–120, validity span) and a date that breaks the set read
  // again: a fallback (up to six small readings), so within the time budget.
  if (clock.affords(0.5)) await checkDatePlausibility(best.grey, fields, type);
  flagImplausibleDate(fields, type);
  const reading = best;
  const level = fields.filter((f) => f.key !== 'qrCode' && f.key !== 'mrz' && !onPhoto(f.bbox)).map((f) => ({ key: f.key, box: f.bbox }));
  const fieldView = { grey: reading.photo, fields: level };
  const toPage = (b: Box) => (onPhoto(b) ? b : base.toPage(toSubmitted(b, reading.frame, base.width, base.height)));
  const mapped = mapBoxes(fields, toPage);
  addQrCodes(await codes, mapped);
  const signed = findSignature(best.grey, best.lines);
  const signature = signed && { box: toPage(signed.box), score: signed.score };
  const typeRecognized = media.digital && (type === 'CNH_FRENTE' || type === 'CIN_FRENTE') ? (type === 'CNH_FRENTE' ? 'CNH_DIGITAL' : 'CIN_DIGITAL') : type;
  return { result: { typeRecognized, typeParentAlias: PARENT_OF[type], digitalDocument: media.digital, fields: mapped }, documentBox, documentQuad: base.quad, text, signature, upright, fieldView, classification: { evidence: best.evidence, candidates: best.candidates } };
}

/**
 * The first page as the engine hands it to OCR (located, deskewed, evenly lit, scaled), upright as
 * submitted: for comparing OCR engines on the same pixels and timing the stages apart. `pgm(page)` is
 * what the pool reads.
 */
export async function preparedPage(media: MediaInput): Promise<Grey> {
  return (await preparedPageAndGlare(media)).page;
}

/**
 * `preparedPage`, with the page as it is before glare is undone on it (`plain`, where the engine reads the zone) and
 * the same page with its glare taken away when it had glare (the MRZ benchmark reads both, as the engine does), and, for a document located in a larger photo, its zone on the photo (beside it, or on it) as the engine reads it.
 */
export async function preparedPageAndGlare(media: MediaInput): Promise<{ page: Grey; plain: Grey; glareUndone?: Grey; photo: Grey; onPhoto?: ZonesOnPhoto }> {
  const page = media.images[0]!;
  const base = await documentOnly(page.png, page.width, page.height);
  const { grey, plain, deglared, photo } = await prepare(base.grey, 0, false, undefined, base.located);
  const onPhoto = base.located ? zonesOnPhoto(page.png, base.toPage([0, 0, base.width, base.height]), () => true) : undefined;
  return { page: grey, plain, glareUndone: deglared?.grey, photo, onPhoto };
}
