import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { zxingWasm } from '@/lib/engines/documents';

let prepared = false;

async function write(text: string, scale: number) {
  if (!prepared) {
    prepareZXingModule({ overrides: { wasmBinary: zxingWasm('writer') }, fireImmediately: true });
    prepared = true;
  }
  const out = await writeBarcode(text, { format: 'QRCode', scale, ecLevel: 'M' });
  if (out.error) throw new Error(`QR writer: ${out.error}`);
  return out;
}

/** A QR code as PNG (zxing's writer, wasm from the npm package). */
export async function qrPng(text: string): Promise<Buffer> {
  const out = await write(text, 8);
  if (!out.image) throw new Error('QR writer: no image');
  return Buffer.from(await out.image.arrayBuffer());
}

/** A QR code as an SVG document (drawn in the page, scales to any size). */
export async function qrSvg(text: string): Promise<string> {
  return (await write(text, 4)).svg;
}
