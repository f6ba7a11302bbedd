import zlib from 'node:zlib';
import fc from 'fast-check';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';

/** Adversarial files by name; built once per process (the many-page PDF takes a moment). */
export type HostileFiles = Record<string, Buffer>;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A few hundred bytes that declare `side` × `side` greyscale pixels (a decompression bomb when decoded). */
export function pixelFloodPng(side = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = zlib.deflateSync(Buffer.alloc((side + 1) * 16)); // the first rows only
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG header (SOF0) declaring 65 500 × 65 500 pixels, with no image data behind it. */
export function pixelFloodJpeg(): Buffer {
  const sof = [0xff, 0xc0, 0x00, 0x0b, 0x08, 0xff, 0xdc, 0xff, 0xdc, 0x01, 0x01, 0x11, 0x00];
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, ...sof, 0xff, 0xd9]);
}

/** The smallest ZIP: one stored file, its central directory entry and the end record. */
function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fname = Buffer.from(name);
  // Local header and central entry share version, CRC, sizes and name length; the central one sits 2 bytes later (it adds "version made by").
  const header = (signature: number, size: number, shift: number) => {
    const h = Buffer.alloc(size);
    h.writeUInt32LE(signature, 0);
    h.writeUInt16LE(20, 4);
    if (shift) h.writeUInt16LE(20, 6);
    h.writeUInt32LE(crc32(data), 14 + shift);
    h.writeUInt32LE(data.length, 18 + shift);
    h.writeUInt32LE(data.length, 22 + shift);
    h.writeUInt16LE(fname.length, 26 + shift);
    return Buffer.concat([h, fname]);
  };
  const localPart = Buffer.concat([header(0x04034b50, 30, 0), data]);
  const centralPart = header(0x02014b50, 46, 2);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

async function pdfWith(build: (doc: PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const doc = await PDFDocument.create();
  await build(doc);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** Files that decode: each costs a full OCR or face pass, so a sweep takes one of them per route. */
export const DECODABLE = ['smallJpeg', 'smallPng', 'jpegZipPolyglot', 'pdfHtmlPolyglot', 'pdfJavaScript'];

/** Every file the suite throws at file fields. */
export async function buildHostileFiles(): Promise<HostileFiles> {
  const noise = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  const jpeg = await noise(64, 48).jpeg().toBuffer();
  const png = await noise(64, 48).png().toBuffer();
  const onePage = await pdfWith((d) => void d.addPage([200, 100]).drawText('hello', { x: 10, y: 50 }));
  return {
    smallJpeg: jpeg,
    smallPng: png,
    truncatedJpeg: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    truncatedPng: png.subarray(0, Math.floor(png.length / 2)),
    headerOnlyJpeg: jpeg.subarray(0, 3),
    headerOnlyPng: png.subarray(0, 8),
    truncatedPdf: onePage.subarray(0, Math.floor(onePage.length / 2)),
    empty: Buffer.alloc(0),
    oneByte: Buffer.from([0xff]),
    pixelFloodPng: pixelFloodPng(),
    pixelFloodJpeg: pixelFloodJpeg(),
    jpegZipPolyglot: Buffer.concat([jpeg, zipOf('evil.js', 'alert(1)')]),
    pdfHtmlPolyglot: Buffer.concat([Buffer.from('<html><script>alert(document.cookie)</script><!--\n'), onePage, Buffer.from('\n--></html>')]),
    gifJsPolyglot: Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(1);//\x00;'),
    svgScript: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
    htmlAsImage: Buffer.from('<!doctype html><script>alert(1)</script>'),
    zip: zipOf('a.txt', 'hello'),
    webpMagic: Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'),
    tiffMagic: Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]),
    pdfJavaScript: await pdfWith((d) => {
      d.addPage([200, 100]);
      d.addJavaScript('boot', 'app.alert("pwned"); this.exportDataObject({ cName: "x", nLaunch: 2 });');
      const action = d.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.launchURL("http://evil.example/", true);') });
      d.catalog.set(PDFName.of('OpenAction'), action);
    }),
    pdfThousandsOfPages: await pdfWith((d) => {
      for (let i = 0; i < 3000; i++) d.addPage([10, 10]);
    }),
    // 14 400 pt is PDF's largest page: a 28 800 px square canvas at the render scale.
    pdfHugePage: await pdfWith((d) => void d.addPage([14_400, 14_400])),
    // Small enough for the canvas to be allocated: 28 800 × 6 000 px, 173 megapixels.
    pdfLargePage: await pdfWith((d) => void d.addPage([14_400, 3_000]).drawText('big', { x: 10, y: 10, size: 400 })),
    pdfNotAPdf: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R /Size 999999999 >>\n%%EOF'),
  };
}

/** How a file is put in a JSON string field: well-formed, mislabelled or broken. */
export function encodings(bytes: Buffer): fc.Arbitrary<string> {
  const b64 = bytes.toString('base64');
  return fc.constantFrom(
    `data:image/jpeg;base64,${b64}`,
    `data:image/png;base64,${b64}`,
    `data:application/pdf;base64,${b64}`,
    `data:text/html;base64,${b64}`, // wrong MIME: the bytes must decide
    `data:;base64,${b64}`,
    `data:image/png,${b64}`, // not base64-flagged
    b64,
    b64.replace(/(.{76})/g, '$1\r\n'), // MIME line breaks
    bytes.toString('base64url'),
    `${b64}===`,
    `${b64.slice(0, -1)}`, // one character short
    `${b64.slice(0, 10)}!@#$%${b64.slice(10)}`, // invalid alphabet
  );
}

/** Valid base64 that decodes past MEDIA_MAX_FILE_BYTES (10 MB) while the body stays under the media limit (48 MB). */
const OVERSIZED_FILE = `data:image/jpeg;base64,/9j/${'A'.repeat(14 * 1024 * 1024)}`;

/** A hostile value for a file field: any hostile file in any encoding, or garbage that is not base64 at all. */
export function hostileFileField(files: HostileFiles): fc.Arbitrary<string> {
  const names = Object.keys(files);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names).chain((n) => encodings(files[n]!)) },
    { weight: 1, arbitrary: fc.constantFrom('data:', 'data:image/png;base64,', '====', 'AAAA====', '\u0000', 'data:image/png;base64,\u00e9\u00e9\u00e9\u00e9', 'javascript:alert(1)') },
    { weight: 1, arbitrary: fc.constant(OVERSIZED_FILE) },
  );
}
