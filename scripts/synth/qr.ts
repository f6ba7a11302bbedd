import fs from 'node:fs';
import path from 'node:path';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

let prepared = false;

/** A QR code as PNG (zxing's writer, wasm from the npm package). */
export async function qrPng(text: string): Promise<Buffer> {
  if (!prepared) {
    const wasm = fs.readFileSync(path.join(process.cwd(), 'node_modules', 'zxing-wasm', 'dist', 'writer', 'zxing_writer.wasm'));
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
    prepared = true;
  }
  const out = await writeBarcode(text, { format: 'QRCode', scale: 8, ecLevel: 'M' });
  if (out.error || !out.image) throw new Error(`QR writer: ${out.error}`);
  return Buffer.from(await out.image.arrayBuffer());
}
