import { imageOf, insideQuad, type Point } from '../media';
import type { Box } from './box';

export interface CardColour {
  /** Mean hue in degrees (0–360) of the tinted pixels, weighted by their saturation. */
  hue: number;
  /** Mean saturation (0–1): near 0 a white or grey card, where the hue says nothing. */
  saturation: number;
}

/** Thumbnail side, and how far the card's outline is drawn in toward its centre before cells are taken (its edge blends with the surface). */
const CELLS = 24;
const INSET = 0.1;

/**
 * The card's tint, from a 24×24 thumbnail of the document (or of the whole page when it was not located). With the
 * card's outline, only the cells inside it count: the box around a tilted card holds corners of the surface, and a
 * saturated surface outweighed a pale card (a mint CNH on a purple table measured purple, 233°).
 */
export async function cardColour(png: Buffer, box?: Box, quad?: readonly Point[]): Promise<CardColour> {
  let image = (await imageOf(png)).removeAlpha();
  const framed = box && box[2] > 8 && box[3] > 8 ? box : undefined;
  if (framed) image = image.extract({ left: framed[0], top: framed[1], width: framed[2], height: framed[3] });
  const { data } = await image.resize(CELLS, CELLS, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const card = framed && quad?.length === 4 ? inset(quad) : undefined;
  const onCard = (cell: number) => !card || insideQuad(card, framed![0] + (((cell % CELLS) + 0.5) / CELLS) * framed![2], framed![1] + ((Math.floor(cell / CELLS) + 0.5) / CELLS) * framed![3]);
  let x = 0;
  let y = 0;
  let s = 0;
  let n = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (!onCard(i / 3)) continue;
    const r = data[i]! / 255;
    const g = data[i + 1]! / 255;
    const b = data[i + 2]! / 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    // Ink and blown highlights carry no tint.
    if (max < 0.25 || min > 0.97) continue;
    const sat = max === 0 ? 0 : (max - min) / max;
    n++;
    s += sat;
    if (max === min) continue;
    const h = max === r ? ((g - b) / (max - min) + 6) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
    x += Math.cos((h * Math.PI) / 3) * sat;
    y += Math.sin((h * Math.PI) / 3) * sat;
  }
  const hue = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return { hue: Math.round(hue), saturation: n ? Math.round((s / n) * 100) / 100 : 0 };
}

/** The outline drawn in toward its centre by `INSET` of the way. */
function inset(quad: readonly Point[]): Point[] {
  const cx = quad.reduce((a, p) => a + p[0], 0) / 4;
  const cy = quad.reduce((a, p) => a + p[1], 0) / 4;
  return quad.map(([x, y]) => [x + (cx - x) * INSET, y + (cy - y) * INSET] as Point);
}
