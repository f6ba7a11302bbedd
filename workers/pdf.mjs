// Renders PDF pages to PNG and reads the text layer, off the request thread.
// Plain .mjs loaded by path at run time (outside the Next.js bundle).
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';

const { bytes, maxPages, maxMegapixels, scale, root } = workerData;

async function main() {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: path.join(root, 'node_modules', 'pdfjs-dist', 'standard_fonts') + path.sep,
    disableFontFace: false,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  if (doc.numPages > maxPages) return { error: 'too_many_pages', pageCount: doc.numPages };
  const pages = [];
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    // Checked before the canvas exists: a page the size of a wall would allocate gigabytes here.
    const size = page.getViewport({ scale });
    const megapixels = (Math.ceil(size.width) * Math.ceil(size.height)) / 1e6;
    if (megapixels > maxMegapixels) return { error: 'too_large', pageCount: doc.numPages, page: n, megapixels };
    const content = await page.getTextContent();
    // Lines kept as lines (a label and its value are told apart by them): a new baseline or an end-of-line mark starts one.
    let line = '';
    let baseline;
    for (const i of content.items) {
      if (!('str' in i)) continue;
      const y = i.transform[5];
      if (baseline !== undefined && Math.abs(y - baseline) > Math.max(2, (i.height || 0) / 2)) {
        text += line.trim() + '\n';
        line = '';
      }
      baseline = y;
      line += (line && !line.endsWith(' ') ? ' ' : '') + i.str;
      if (i.hasEOL) {
        text += line.trim() + '\n';
        line = '';
        baseline = undefined;
      }
    }
    text += line.trim() + '\n';
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: ctx, viewport, canvas }).promise;
    pages.push({ png: await canvas.encode('png'), width: canvas.width, height: canvas.height });
  }
  const fields = (await doc.getFieldObjects()) ?? {};
  const hasSignature = Object.values(fields).some((list) => list.some((f) => f.type === 'signature'));
  return { pageCount: doc.numPages, pages, text, hasSignature };
}

main().then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (err) => parentPort.postMessage({ ok: false, error: String(err?.message ?? err) }),
);
