/**
 * Printed portraits on document pages (the fraud step's and formalistic's
 * portrait): each identity's second photo printed as scripts/face-eval's
 * `document` condition does it (halftone, guilloche, low contrast, 120–200 px),
 * set on a card scanned at about 300 dpi, found on the whole page and matched
 * to the identity's first photo at the shipped threshold of the pair's kind. The page reading
 * alone (`detectPortrait`) beside the product's (`locateFaces(page, 'document')`:
 * softened page when nothing is found, the portrait descreened).
 */
import sharp from 'sharp';
import { DEFAULT_MATCH_THRESHOLD, locateFaces, similarity, type Face, type Picture } from '../../lib/engines/face';
import { detectPortrait } from '../../lib/engines/face/portrait';
import { halfOf, type Half, type Photo } from './data';
import { degrade } from './degrade';
import { pictureOf } from './evaluate';

export interface PageTally {
  /** Identities with two photos whose first photo's face was found (one genuine page each). */
  pairs: number;
  pageFound: number;
  pageMatched: number;
  found: number;
  matched: number;
}

/** A light card with a heading and field lines, the portrait on its left (1000 × 640: an ID-1 card at about 300 dpi). */
export async function cardWith(portrait: Buffer): Promise<Picture> {
  const fields = [0, 1, 2, 3].map((i) => `<text x="420" y="${180 + i * 80}" font-family="Liberation Sans" font-size="26" fill="#111">CAMPO ${i} 12/05/198${i}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="640"><rect width="1000" height="640" fill="#e8efe6"/><text x="60" y="70" font-family="Liberation Sans" font-size="30" fill="#234">CARTEIRA NACIONAL DE HABILITAÇÃO</text>${fields}</svg>`;
  return pictureOf(await sharp(Buffer.from(svg)).composite([{ input: portrait, left: 60, top: 130 }]).jpeg({ quality: 90 }).toBuffer());
}

/** The tallies per half of the identities. */
export async function pagePortraits(list: Photo[], log: (s: string) => void = () => {}): Promise<Record<Half, PageTally>> {
  const out: Record<Half, PageTally> = { tune: { pairs: 0, pageFound: 0, pageMatched: 0, found: 0, matched: 0 }, heldout: { pairs: 0, pageFound: 0, pageMatched: 0, found: 0, matched: 0 } };
  const byIdentity = new Map<string, Photo[]>();
  for (const p of list) byIdentity.set(p.identity, [...(byIdentity.get(p.identity) ?? []), p]);
  let done = 0;
  for (const [identity, [first, second]] of byIdentity) {
    if (!first || !second) continue;
    const [reference] = await locateFaces(await pictureOf(first.file), 'selfie');
    const photo = await pictureOf(second.file);
    const [source] = await locateFaces(photo, 'selfie');
    if (!reference || !source) continue;
    const printed = await degrade(photo.png, photo.width, photo.height, source.box, 'document', second.key);
    const page = await cardWith(printed.png);
    const [plain] = await detectPortrait(page);
    const [face] = await locateFaces(page, 'document');
    const t = out[halfOf(identity)];
    // The product's decision: the threshold of the pair's kind (a portrait described from its print has its own).
    const near = (f: Face | undefined) => f !== undefined && similarity(reference, f) >= DEFAULT_MATCH_THRESHOLD;
    t.pairs++;
    t.pageFound += plain ? 1 : 0;
    t.pageMatched += near(plain) ? 1 : 0;
    t.found += face ? 1 : 0;
    t.matched += near(face) ? 1 : 0;
    if (++done % 20 === 0) log(`    ${done} pages`);
  }
  return out;
}
