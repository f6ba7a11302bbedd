/**
 * Native Tesseract (the Debian `tesseract` binary) side by side with our
 * OCR stage (tesseract.js in its worker pool) on the very pages our stage
 * reads: the prepared page as PGM, the same page-segmentation mode and
 * parameters. Latency of one page at a time (the CLI's time includes its
 * start and model load, reported apart) and accuracy on the printed values
 * of the ground truth. Part of `npm run bench`; not product code.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pgm } from '../lib/engines/documents';
import { SIZES, type Size } from './inputs';
import { pageReadings } from './stages';
import { summary, type Summary } from './stats';

export interface EngineFigures {
  engine: string;
  ms: Summary;
  /** Median time over our stage's median (above 1: native is slower). */
  ratio: number;
  /** Printed characters read right: 1 − edit distance of each value to its best match in the text, over their length. */
  charAccuracy: number;
  /** Printed values found verbatim in the text. */
  valuesExact: number;
}

export type NativeBench =
  | { installed: false; note: string }
  | { installed: true; version: string; startupMs: number; pages: number; sizes: Record<Size, EngineFigures[]> };

const OURS = "ours: the engine's page reading (tesseract.js 7 WASM in the OCR pool, a tall page as two halves on two threads), por 4.0.0_best_int";
/** What lib/engines/ocr sets on every page reading (PSM auto = 3). */
const PARAMS = ['--oem', '1', '--psm', '3', '-c', 'user_defined_dpi=300', '-c', 'tessedit_do_invert=0', '-c', 'preserve_interword_spaces=1'];

interface Variant {
  engine: string;
  env: Record<string, string>;
  args: string[];
}

/** The installed binary's version line, if it is there with Portuguese. */
function nativeVersion(): string | undefined {
  const langs = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  if (langs.status !== 0 || !/^por$/m.test(langs.stdout)) return undefined;
  return spawnSync('tesseract', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim();
}

function runNative(file: string, v: Variant): Promise<{ ms: number; text: string }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn('tesseract', [file, 'stdout', '-l', 'por', ...v.args, ...PARAMS], { env: { ...process.env, ...v.env } });
    let text = '';
    let err = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - t, text }) : reject(new Error(`tesseract exited ${code}: ${err}`))));
  });
}

const norm = (s: string) => s.toUpperCase().replace(/\s+/g, ' ').trim();

/** Fewest edits turning `needle` into some substring of `hay` (free start and end in `hay`). */
export function substringDistance(needle: string, hay: string): number {
  let prev = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hay.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    prev = cur;
  }
  return Math.min(...prev);
}

/** Character accuracy and verbatim share of the printed values over several page texts. */
export function textAccuracy(pages: { text: string; values: string[] }[]): { charAccuracy: number; valuesExact: number } {
  let chars = 0;
  let errors = 0;
  let exact = 0;
  let values = 0;
  for (const p of pages) {
    const text = norm(p.text);
    for (const v of p.values.map(norm).filter(Boolean)) {
      const d = Math.min(v.length, substringDistance(v, text));
      chars += v.length;
      errors += d;
      values++;
      if (d === 0) exact++;
    }
  }
  const pct = (a: number, b: number) => (b ? Math.round((1000 * a) / b) / 10 : 0);
  return { charAccuracy: pct(chars - errors, chars), valuesExact: pct(exact, values) };
}

export async function benchNative(log: (s: string) => void): Promise<NativeBench> {
  const version = nativeVersion();
  if (!version) return { installed: false, note: 'native tesseract not installed (Debian: apt-get install tesseract-ocr tesseract-ocr-por)' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-bench-native-'));
  try {
    // Our model, unpacked, so one native run differs from ours by the engine build only.
    const ownModel = path.join(dir, 'tessdata');
    fs.mkdirSync(ownModel);
    const gz = path.join(process.cwd(), 'node_modules', '@tesseract.js-data', 'por', '4.0.0_best_int', 'por.traineddata.gz');
    fs.writeFileSync(path.join(ownModel, 'por.traineddata'), zlib.gunzipSync(fs.readFileSync(gz)));
    const variants: Variant[] = [
      { engine: `native ${version}, Debian por model, 1 thread (OMP_THREAD_LIMIT=1)`, env: { OMP_THREAD_LIMIT: '1' }, args: [] },
      { engine: `native ${version}, Debian por model, default threads`, env: {}, args: [] },
      { engine: `native ${version}, our por 4.0.0_best_int model, 1 thread`, env: { OMP_THREAD_LIMIT: '1' }, args: ['--tessdata-dir', ownModel] },
    ];
    // Start-up and model load of the CLI: a blank 32×32 page.
    const blank = path.join(dir, 'blank.pgm');
    fs.writeFileSync(blank, pgm({ data: Buffer.alloc(32 * 32, 255), width: 32, height: 32 }));
    const startup: number[] = [];
    for (let i = 0; i < 3; i++) startup.push((await runNative(blank, variants[0]!)).ms);
    const sizes = {} as Record<Size, EngineFigures[]>;
    let pages = 0;
    for (const size of Object.keys(SIZES) as Size[]) {
      const readings = await pageReadings(size);
      pages += readings.length;
      const ours = summary(readings.map((r) => r.ms.ocr));
      const rows: EngineFigures[] = [{ engine: OURS, ms: ours, ratio: 1, ...textAccuracy(readings.map((r) => ({ text: r.ocr.text, values: r.values }))) }];
      for (const v of variants) {
        const times: number[] = [];
        const texts: { text: string; values: string[] }[] = [];
        for (const [i, r] of readings.entries()) {
          const file = path.join(dir, `${size}-${i}.pgm`);
          fs.writeFileSync(file, pgm(r.page));
          const out = await runNative(file, v);
          times.push(out.ms);
          texts.push({ text: out.text, values: r.values });
        }
        const ms = summary(times);
        rows.push({ engine: v.engine, ms, ratio: Math.round((100 * ms.median) / Math.max(1, ours.median)) / 100, ...textAccuracy(texts) });
      }
      sizes[size] = rows;
      log(`  ${size}: ${rows.map((r) => `${r.engine.split(',')[0]}${r === rows[0] ? '' : ` ×${r.ratio}`} ${r.ms.median} ms ${r.charAccuracy} %`).join(' | ')}`);
    }
    return { installed: true, version, startupMs: summary(startup).median, pages, sizes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
