import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Grey } from './box';

/** Tests: a white page of the given size, drawn on by `draw`, as the grey page the engine reads. */
export function drawnPage(width: number, height: number, draw: (ctx: SKRSContext2D) => void): Grey {
  const ctx = createCanvas(width, height).getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111';
  draw(ctx);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { data, width, height };
}
