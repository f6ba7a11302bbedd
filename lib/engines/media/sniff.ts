/** What the bytes are, from their magic numbers (the declared MIME type is only a hint). */
export type SniffedType = 'jpeg' | 'png' | 'pdf' | 'gif' | 'webp' | 'heic' | 'avif' | 'tiff' | 'bmp' | 'zip' | 'svg' | 'unknown';

export const ACCEPTED: SniffedType[] = ['jpeg', 'png', 'pdf'];

export const MIME: Record<SniffedType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  avif: 'image/avif',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  zip: 'application/zip',
  svg: 'image/svg+xml',
  unknown: 'application/octet-stream',
};

const starts = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

export function sniff(b: Buffer): SniffedType {
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (b.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (starts(b, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (b.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = b.subarray(8, 12).toString('latin1');
    if (/^(avif|avis)$/.test(brand)) return 'avif';
    if (/^(heic|heix|hevc|hevx|mif1|msf1|heim|heis)$/.test(brand)) return 'heic';
  }
  if (starts(b, [0x49, 0x49, 0x2a, 0x00]) || starts(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (starts(b, [0x42, 0x4d])) return 'bmp';
  if (starts(b, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(b.subarray(0, 256).toString('utf8'))) return 'svg';
  return 'unknown';
}

export const displayName = (t: SniffedType) => (t === 'unknown' ? 'not a recognised file type' : t.toUpperCase());
