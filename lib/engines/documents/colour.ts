import { imageOf } from '../media';
import type { Box } from './box';

export interface CardColour {
  /** Mean hue in degrees (0–360) of the tinted pixels, weighted by their saturation. */
  hue: number;
  /** Mean saturation (0–1): near 0 a white or grey card, where the hue says nothing. */
  saturation: number;
}

/** The card's tint, from a 24×24 thumbnail of the document (or of the whole page when it was not located). */
export async function cardColour(png: Buffer, box?: Box): Promise<CardColour> {
  let image = (await imageOf(png)).removeAlpha();
  if (box && box[2] > 8 && box[3] > 8) image = image.extract({ left: box[0], top: box[1], width: box[2], height: box[3] });
  const { data } = await image.resize(24, 24, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  let x = 0;
  let y = 0;
  let s = 0;
  let n = 0;
  for (let i = 0; i < data.length; i += 3) {
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
