import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { zxingWasm } from '../../lib/documents/qr';

let prepared = false;

/** A QR code as PNG (zxing's writer, wasm from the npm package). */
export async function qrPng(text: string): Promise<Buffer> {
  if (!prepared) {
    prepareZXingModule({ overrides: { wasmBinary: zxingWasm('writer') }, fireImmediately: true });
    prepared = true;
  }
  const out = await writeBarcode(text, { format: 'QRCode', scale: 8, ecLevel: 'M' });
  if (out.error || !out.image) throw new Error(`QR writer: ${out.error}`);
  return Buffer.from(await out.image.arrayBuffer());
}
