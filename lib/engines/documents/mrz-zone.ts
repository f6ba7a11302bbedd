import { ocrPool, type OcrLine } from '../ocr';
import type { Grey } from './accents';
import { fromGrey, pgm, toGrey, type Box } from './box';
import { looksLikeMrz, readMrz, type MrzRead } from './mrz';
import { clahe, LOCAL_TILE } from './clahe';
import { estimateSkew } from './deskew';
import { LAYOUTS, type MrzFormat } from './mrz-layout';
import { locateMrz, type MrzBand } from './mrz-locate';
import { MRZ_CHARS, readBand, type AffordsMore } from './mrz-read';
import { mixedZone } from './mrz-pool';

export type { AffordsMore } from './mrz-read';

/**
 * A machine-readable zone read again on its own, as lines restricted to the
 * MRZ alphabet: the general model turns fillers into K or « too often.
 */
async function rereadMrz(page: Grey, lines: OcrLine[], more: AffordsMore): Promise<MrzRead | undefined> {
  const zone = lines.filter((l) => looksLikeMrz(l.text));
  if (zone.length < 2) return readMrz(lines.map((l) => l.text));
  const pad = Math.round(zone[0]!.bbox[3] * 0.6);
  const x0 = Math.max(0, Math.min(...zone.map((l) => l.bbox[0])) - pad);
  const y0 = Math.max(0, Math.min(...zone.map((l) => l.bbox[1])) - pad);
  const x1 = Math.min(page.width, Math.max(...zone.map((l) => l.bbox[0] + l.bbox[2])) + pad);
  const y1 = Math.min(page.height, Math.max(...zone.map((l) => l.bbox[1] + l.bbox[3])) + pad);
  const crop = pgm(await toGrey(fromGrey(page).extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })));
  const again = await ocrPool().recognize({ image: crop, mode: 'block', whitelist: MRZ_CHARS });
  const reread = readMrz(again.lines.map((l) => l.text));
  const first = readMrz(lines.map((l) => l.text));
  const box: [number, number, number, number] = [x0, y0, x1 - x0, y1 - y0];
  if (reread?.valid || first?.valid) return { ...(reread?.valid ? reread : first)!, bbox: box, conf: Math.round(again.conf) };
  // Third reading, line by line at a larger size; then every mix of the readings of each line, judged by the check digits.
  const single = await Promise.all(
    zone.map(async (l) => {
      const [lx, ly, lw, lh] = l.bbox;
      const left = Math.max(0, lx - pad);
      const top = Math.max(0, ly - Math.round(lh * 0.3));
      const one = pgm(
        await toGrey(
          fromGrey(page)
            .extract({ left, top, width: Math.min(page.width - left, lw + 2 * pad), height: Math.min(page.height - top, Math.round(lh * 1.6)) })
            .resize({ height: Math.round(lh * 1.6 * (48 / lh)), kernel: 'lanczos3' }),
        ),
      );
      return (await ocrPool().recognize({ image: one, mode: 'line', whitelist: MRZ_CHARS })).text.trim();
    }),
  );
  const readings = [zone.map((l) => l.text), again.lines.filter((l) => looksLikeMrz(l.text)).map((l) => l.text), single];
  const mixed = await mixedZone(readings.filter((r) => r.length === zone.length), more);
  const read = mixed?.valid ? mixed : (reread ?? first ?? mixed);
  return read && { ...read, bbox: box, conf: Math.round(again.conf) };
}

/**
 * The zone found by its shape on the page and read alone (needs no OCR of the page: started while the page is read).
 * `readOn`: another image of the page in the same geometry to read the band from.
 */
export async function readZoneBand(page: Grey, readOn: Grey = page, more?: AffordsMore, vouched?: (read: MrzRead) => boolean): Promise<MrzRead | undefined> {
  if (readOn.width !== page.width || readOn.height !== page.height) return undefined;
  const band = await locateMrz(page);
  return band && readBand(readOn, band, more, vouched);
}

/**
 * The page's machine-readable zone, if any: what the engine calls after the page OCR, with the band's
 * reading when it was started earlier. `glareUndone`: the same page with its glare taken away, when it
 * had glare. `photo`: the page in the same geometry without its lighting correction. `more`: whether the
 * call's time allows the fallbacks.
 */
export async function readMachineZone(page: Grey, lines: OcrLine[], band: Promise<MrzRead | undefined> = readZoneBand(page), glareUndone?: Grey, photo?: Grey, more: AffordsMore = () => true): Promise<MrzRead | undefined> {
  const fromBand = await band;
  if (fromBand?.valid) return fromBand;
  // No band, or one that did not validate: the page OCR's own lines that look like a zone.
  const fromLines = await rereadMrz(page, lines, more);
  // Neither validates: the one with fewer failing check digits (the band's reading is kept on a tie).
  const failing = (r: MrzRead) => r.failing?.length ?? Infinity;
  const found = fromLines?.valid || !fromBand ? fromLines : fromLines && failing(fromLines) < failing(fromBand) ? fromLines : fromBand;
  // A zone seen but not validated on a page with glare: its band read again where the glare was undone
  // (glare washes the letters of one stretch of a line out, and the check digits then fail).
  if (found && !found.valid && glareUndone && more()) {
    const again = await readZoneBand(glareUndone, glareUndone, more, (r) => movesChecked(found, r)).catch(() => undefined);
    if (again?.valid) return again;
  }
  // Still not valid: the band read from the photo with contrast set region by region (CLAHE), where letters glare left
  // faint but legible, which the page's lighting correction turned to paper white (generated MRV-B under glare:
  // "JPN06250M" read for JPN6506250M).
  if (found && !found.valid && photo && more()) {
    const local = await readZoneBand(page, { data: clahe(photo, LOCAL_TILE), width: photo.width, height: photo.height }, more, (r) => movesChecked(found, r)).catch(() => undefined);
    if (local?.valid) return local;
  }
  return found;
}

/** Characters of one checked field a zone read again may change from the first reading before its check digit alone no longer vouches for it. */
const MOVED_VOUCHED = 1;

/**
 * Whether a zone read again off another image of the band (glare undone, contrast set by region) changes a checked field
 * of the zone first read by more characters than its check digit vouches for: a tenth of such readings pass by chance,
 * as a repair of two swaps does (a blurred passport's `ZI744293` first read `Z174429<`, read again off the glare-undone
 * page as `TITAA293`, whose check digit passed; the composite repeats the number's sum and adds nothing). The glyphs
 * printed in the band must then vouch for it. A zone of another format or width is a new reading altogether.
 */
export function movesChecked(first: MrzRead, again: MrzRead): boolean {
  if (first.format !== again.format || first.lines.some((l, k) => l.length !== again.lines[k]?.length)) return true;
  return LAYOUTS[again.format as MrzFormat].checks.some(({ at: [l, s, e], check: [cl, ci] }) => {
    let moved = first.lines[cl]![ci] === again.lines[cl]![ci] ? 0 : 1;
    for (let i = s; i < e; i++) if (first.lines[l]![i] !== again.lines[l]![i]) moved++;
    return moved > MOVED_VOUCHED;
  });
}

/** Share of a band's area that may lie on the located document for it to count as beside it. */
const BESIDE = 0.5;

/**
 * Whether a zone's band found on the whole photo lies beside the located document, not on it: a scan of both sides of
 * a card side by side, a passport spread or a visa next to its page, where the document located and read is the side
 * without the zone. `document`: where that document is, in the photo's pixels.
 */
export function liesBeside(band: MrzBand, document: Box): boolean {
  const [bx, by, bw, bh] = band.box;
  const [dx, dy, dw, dh] = document;
  const inside = Math.max(0, Math.min(bx + bw, dx + dw) - Math.max(bx, dx)) * Math.max(0, Math.min(by + bh, dy + dh) - Math.max(by, dy));
  return inside <= BESIDE * bw * bh;
}

/** Line height a band read off the photo is brought to: about what it has on a prepared page (1600 px wide). */
const PHOTO_LINE = 36;

/** Line heights the cut spans across the lines: `locateMrz` takes a run taller than a twelfth of its picture for no text. */
const LINES_IN_CUT = 16;

/** Most a band cut from the photo is upscaled, and the widest it is made. */
const MAX_UPSCALE = 4;
const MAX_CUT_WIDTH = 3400;

/**
 * A band found on the whole photo, read as a page would be: cut with a margin, its lines turned level, its tilt undone
 * and its letters scaled to a page's size, then located again and read. Only a zone whose glyphs vouch for every
 * character is returned (`vouched`, as `readBand`'s): the cut was not read as a page, its OCR lines not weighed.
 */
export async function readBandOffPhoto(photo: Grey, band: MrzBand, more: AffordsMore = () => true, vouched = true): Promise<MrzRead | undefined> {
  const [x, y, w, h] = band.box;
  // Along the lines, room for the characters the page cut; across them, enough of the document for the band's lines to
  // be the thin runs `locateMrz` looks for (no taller than a twelfth of what it is given).
  const along = Math.round(Math.max(2 * band.lineHeight, 0.06 * Math.max(w, h)));
  const across = Math.round(Math.max(along, ((LINES_IN_CUT * band.lineHeight) - Math.min(w, h)) / 2));
  const [mx, my] = band.vertical ? [across, along] : [along, across];
  const left = Math.max(0, x - mx);
  const top = Math.max(0, y - my);
  const width = Math.min(photo.width - left, w + 2 * mx);
  const height = Math.min(photo.height - top, h + 2 * my);
  let cut = await toGrey(fromGrey(photo).extract({ left, top, width, height }));
  if (band.vertical) cut = await toGrey(fromGrey(cut).rotate(270));
  const skew = await estimateSkew(cut, 10);
  if (Math.abs(skew) >= 0.1) cut = await toGrey(fromGrey(cut).rotate(-skew, { background: '#ffffff' }));
  const scale = Math.min(MAX_UPSCALE, MAX_CUT_WIDTH / cut.width, Math.max(1, PHOTO_LINE / band.lineHeight));
  if (scale > 1) cut = await toGrey(fromGrey(cut).resize({ width: Math.round(cut.width * scale), kernel: 'lanczos3' }));
  const again = await locateMrz(cut);
  const read = again && (await readBand(cut, again, more, vouched));

  return read && { ...read, bbox: band.box };
}
