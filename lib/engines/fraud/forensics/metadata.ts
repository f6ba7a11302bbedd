/**
 * Editing software named in a file's own metadata: the EXIF Software tag,
 * XMP CreatorTool and history agents of an image, or the PDF Producer and
 * Creator. Cameras and phones write their firmware there; editors write
 * their name.
 */

/** Software that edits pictures or documents (a scanner's or a phone's own software is not listed). */
const EDITORS = [
  'photoshop',
  'gimp',
  'lightroom',
  'pixelmator',
  'affinity',
  'paint.net',
  'paintshop',
  'canva',
  'picsart',
  'snapseed',
  'fotor',
  'photopea',
  'illustrator',
  'coreldraw',
  'inkscape',
  'krita',
  'photoscape',
  'acrobat pro',
  'pdf-xchange editor',
  'foxit phantompdf',
  'foxit pdf editor',
  'sejda',
  'ilovepdf',
  'smallpdf',
  'libreoffice',
  'microsoft word',
];

/** The first editor named in the given strings, as written there. */
export function editorNamed(...texts: (string | undefined)[]): string | undefined {
  for (const text of texts) {
    if (!text) continue;
    const lower = text.toLowerCase();
    if (EDITORS.some((e) => lower.includes(e))) return text.trim().slice(0, 80);
  }
  return undefined;
}

/** ASCII tag 0x0131 (Software) of an EXIF block (as sharp returns it: "Exif\0\0" then a TIFF header). */
export function exifSoftware(exif: Buffer | undefined): string | undefined {
  if (!exif || exif.length < 14) return undefined;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  if (!little && tiff.toString('latin1', 0, 2) !== 'MM') return undefined;
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  try {
    const ifd = u32(4);
    const count = u16(ifd);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) !== 0x0131 || u16(entry + 2) !== 2) continue;
      const length = u32(entry + 4);
      const at = length <= 4 ? entry + 8 : u32(entry + 8);
      return tiff.toString('latin1', at, at + length).replace(/\0+$/, '');
    }
  } catch {
    // A truncated block names nothing.
  }
  return undefined;
}

/** Tools an XMP packet names (CreatorTool, history software agents). */
export function xmpTools(xmp: Buffer | undefined): string[] {
  if (!xmp) return [];
  const text = xmp.toString('utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:CreatorTool|softwareAgent)(?:="([^"]*)"|>([^<]*)<)/g)) out.push((m[1] ?? m[2] ?? '').trim());
  return out.filter(Boolean);
}

/** What a PDF says about itself: Producer and Creator, and how many times it was saved again after being made. */
export function pdfFacts(bytes: Buffer): { producer?: string; creator?: string; updates: number } {
  const text = bytes.toString('latin1');
  const literal = (key: string) => {
    const m = new RegExp(`/${key}\\s*\\(((?:\\\\.|[^\\\\)])*)\\)`).exec(text);
    if (m) return m[1]!.replace(/\\(.)/g, '$1');
    const hex = new RegExp(`/${key}\\s*<([0-9A-Fa-f\\s]+)>`).exec(text);
    if (!hex) return undefined;
    const raw = Buffer.from(hex[1]!.replace(/\s/g, ''), 'hex');
    // UTF-16BE with a byte-order mark, else PDFDocEncoding (latin1 near enough).
    return raw[0] === 0xfe && raw[1] === 0xff ? raw.subarray(2).swap16().toString('utf16le') : raw.toString('latin1');
  };
  // Each save appends a body ending in %%EOF; a linearised file has two from the start.
  const eofs = text.match(/%%EOF/g)?.length ?? 0;
  const linearized = /\/Linearized\s/.test(text.slice(0, 2048));
  return { producer: literal('Producer'), creator: literal('Creator'), updates: Math.max(0, eofs - 1 - (linearized ? 1 : 0)) };
}
