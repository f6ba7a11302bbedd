import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageOf } from '../media';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { Turn } from './orientation';

/** zxing's wasm from the npm package on disk (its default would fetch it from a CDN). */
export function zxingWasm(kind: 'reader' | 'writer'): ArrayBuffer {
  const wasm = fs.readFileSync(path.join(process.cwd(), 'node_modules', 'zxing-wasm', 'dist', kind, `zxing_${kind}.wasm`));
  return wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
}

let prepared = false;

function prepare() {
  if (prepared) return;
  prepareZXingModule({ overrides: { wasmBinary: zxingWasm('reader') }, fireImmediately: true });
  prepared = true;
}

export interface QrRead {
  text: string;
  bbox: [number, number, number, number];
  /** Clockwise quarter turns (degrees) that stand the code upright: its top edge, from its top-left finder to its top-right one, level and left to right. */
  turn: Turn;
}

/** The quarter turn that levels a code whose top edge runs from `a` to `b` (image y grows downward). */
export function uprightTurn(a: { x: number; y: number }, b: { x: number; y: number }): Turn {
  const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  return (((((4 - Math.round(angle / 90)) % 4) + 4) % 4) * 90) as Turn;
}

/**
 * A picture whose longer side is under this is searched again enlarged when no code was found on it: on an 800 px photo
 * of a CNH opened flat, the code's modules are 2–3 px and tilted, and zxing finds none of them until they are larger.
 * (A search that finds nothing costs about 14 ms at 1000 px and 100 ms at 1600 px: only small pictures pay for it.)
 */
const SMALL_PICTURE = 1000;
/** How much the small picture is enlarged (1.5 found every code that 2 did on the tuning photos, at half the cost). */
const ENLARGED = 1.5;

type Found = Awaited<ReturnType<typeof readBarcodes>>;

async function search(data: Buffer, width: number, height: number): Promise<Found> {
  return readBarcodes(
    { data: new Uint8ClampedArray(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength), width, height, colorSpace: 'srgb' },
    { formats: ['QRCode'], tryHarder: true, tryRotate: true, maxNumberOfSymbols: 4 },
  );
}

/** QR codes in an image, with their boxes in its pixels. */
export async function readQrCodes(png: Buffer): Promise<QrRead[]> {
  prepare();
  const { data, info } = await (await imageOf(png)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const valid = (found: Found) => found.filter((r) => r.isValid && r.text);
  let found = valid(await search(data, info.width, info.height));
  let scale = 1;
  const side = Math.max(info.width, info.height);
  if (found.length === 0 && side < SMALL_PICTURE) {
    scale = ENLARGED;
    const width = Math.round(info.width * scale);
    const big = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).resize({ width, kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
    found = valid(await search(big.data, big.info.width, big.info.height));
  }
  return found
    .map((r) => ({ ...r, text: decodeText(r.bytes, r.text) }))
    .map((r) => {
      const corners = [r.position.topLeft, r.position.topRight, r.position.bottomLeft, r.position.bottomRight];
      const xs = corners.map((c) => c.x / scale);
      const ys = corners.map((c) => c.y / scale);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      return { text: r.text, bbox: [x, y, Math.max(...xs) - x, Math.max(...ys) - y] as [number, number, number, number], turn: uprightTurn(r.position.topLeft, r.position.topRight) };
    });
}

/**
 * Without an ECI marker zxing guesses the text encoding (sometimes Shift_JIS):
 * the raw bytes are read as UTF-8 when they are valid UTF-8, else as Latin-1.
 */
function decodeText(bytes: Uint8Array | undefined, guessed: string): string {
  if (!bytes?.length) return guessed;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * The content of a QR code as key/value pairs when it has a readable shape
 * (JSON object or `key=value` separated by | ; or new lines).
 */
export function qrPairs(text: string): Record<string, string> {
  try {
    const obj = JSON.parse(text) as unknown;
    if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
      return Object.fromEntries(Object.entries(obj as Record<string, unknown>).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, String(v)]));
    }
  } catch {
    // not JSON
  }
  const pairs = text.split(/[|;\n]/).map((p) => /^\s*([\w.-]+)\s*[=:]\s*(.+?)\s*$/.exec(p)).filter(Boolean) as RegExpExecArray[];
  return Object.fromEntries(pairs.map((m) => [m[1]!, m[2]!]));
}

/** Dates the codes state for the holder (birth, validity), ISO as the codes carry them. */
export const qrDates = (codes: QrRead[]): { key: string; value: string }[] =>
  codes.flatMap((c) => Object.entries(qrPairs(c.text)).filter(([k]) => k === 'dataNascimento' || k === 'validade').map(([key, value]) => ({ key, value })));

/**
 * Whether the page prints, as a document's face prints them, values its codes hold: the holder's birth or validity date
 * (day/month/year) or CPF (grouped). A CNH's code is on its back, which prints none of them: read beside them, the
 * front lies open beside its back (the front's small captions are the first thing a rough photo loses).
 */
export function codeValuesPrinted(codes: QrRead[], text: string): boolean {
  const dates = new Set([...text.matchAll(/(\d{2})[/.\-](\d{2})[/.\-](\d{4})/g)].map((m) => `${m[3]}-${m[2]}-${m[1]}`));
  const cpfs = new Set([...text.matchAll(/\d{3}[.,]\d{3}[.,]\d{3}[-.]\d{2}/g)].map((m) => m[0].replace(/\D/g, '')));
  return codes.some((c) => {
    const pairs = qrPairs(c.text);
    return [pairs.dataNascimento, pairs.validade].some((d) => d !== undefined && dates.has(d)) || (pairs.cpf !== undefined && cpfs.has(pairs.cpf.replace(/\D/g, '')));
  });
}
