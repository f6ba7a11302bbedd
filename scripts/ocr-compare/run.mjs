/**
 * Compares OCR engines on the images written by export.ts: the share of
 * printed values (names, numbers, dates) found verbatim in each engine's
 * text, with and without accents, and the time per image.
 *   node scripts/ocr-compare/run.mjs DIR
 * PaddleOCR (PP-OCRv4, ONNX) is measured when `@gutenye/ocr-node` can be
 * imported from OCR_COMPARE_MODULES (install it there with
 * `npm i --ignore-scripts @gutenye/ocr-node`); it is not a dependency.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker, OEM } from 'tesseract.js';

const dir = process.argv[2] ?? '.reports/ocr-compare';
const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
const norm = (s) => s.toUpperCase().replace(/\s+/g, ' ').trim();
const fold = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

async function tesseract() {
  const w = await createWorker('por', OEM.LSTM_ONLY, { langPath: path.join(process.cwd(), 'node_modules/@tesseract.js-data/por/4.0.0_best_int'), cacheMethod: 'none', gzip: true });
  await w.setParameters({ user_defined_dpi: '300' });
  return { name: 'tesseract.js 7 (LSTM, por best_int)', read: async (file) => (await w.recognize(file)).data.text, close: () => w.terminate() };
}

async function paddle() {
  const from = process.env.OCR_COMPARE_MODULES;
  if (!from) return undefined;
  const req = createRequire(path.join(from, 'x.js'));
  const { default: Ocr } = await import(req.resolve('@gutenye/ocr-node'));
  const ocr = await Ocr.create();
  return { name: 'PaddleOCR PP-OCRv4 (@gutenye/ocr-node, ONNX)', read: async (file) => (await ocr.detect(file)).map((l) => l.text).join('\n'), close: async () => {} };
}

const engines = [await tesseract(), await paddle()].filter(Boolean);
const rows = [];
for (const engine of engines) {
  let found = 0, foundFolded = 0, total = 0, ms = 0;
  for (const item of index) {
    const t = performance.now();
    const text = norm(await engine.read(path.join(dir, item.file)));
    ms += performance.now() - t;
    for (const v of item.values) {
      total++;
      if (text.includes(norm(v))) found++;
      if (fold(text).includes(fold(norm(v)))) foundFolded++;
    }
  }
  await engine.close();
  rows.push({ engine: engine.name, images: index.length, values: total, exact: +(100 * found / total).toFixed(1), withoutAccents: +(100 * foundFolded / total).toFixed(1), msPerImage: Math.round(ms / index.length) });
}
console.table(rows);
fs.writeFileSync(path.join(dir, 'result.json'), JSON.stringify(rows, null, 1));
