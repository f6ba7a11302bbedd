import { fromGrey, grown, type Box, type Grey } from './box';
import { readQrCodes } from './qr';

/** The page is searched for its codes at half its size: a document's QR modules stay several pixels wide, and it is 4 times faster. */
const SEARCH_SCALE = 0.5;
/** Paper added around a code found (a share of its side): its edge modules and the quiet zone's rim. */
const MARGIN = 0.04;

/**
 * The prepared page with its QR codes painted paper-white (a copy), or the page itself when none is found. A code holds
 * no printed text, and Tesseract's layout analysis takes it for a picture that can swallow the print beside it: a CNH
 * back whose code stood level with its place and date of issue read as no text at all, and another lost the day and
 * month of `13/10/2021` beside junk read off the modules (`eo`, `==`). The codes' content is read off the photo apart.
 */
export async function withoutCodes(page: Grey): Promise<Grey> {
  const small = await fromGrey(page)
    .resize({ width: Math.max(1, Math.round(page.width * SEARCH_SCALE)), kernel: 'linear' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const codes = await readQrCodes(small).catch(() => []);
  if (codes.length === 0) return page;
  const data = new Uint8Array(page.data);
  for (const { bbox } of codes) {
    const onPage = bbox.map((v) => v / SEARCH_SCALE) as Box;
    blank(data, page.width, page.height, grown(onPage, Math.max(onPage[2], onPage[3]) * MARGIN));
  }
  return { data, width: page.width, height: page.height };
}

function blank(data: Uint8Array, width: number, height: number, [x, y, w, h]: Box): void {
  const [x0, y0] = [Math.max(0, Math.floor(x)), Math.max(0, Math.floor(y))];
  const [x1, y1] = [Math.min(width, Math.ceil(x + w)), Math.min(height, Math.ceil(y + h))];
  for (let row = y0; row < y1; row++) data.fill(255, row * width + x0, row * width + x1);
}
