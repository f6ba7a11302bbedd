import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../platform/config';
import { decodeFileField, imageOf, intake, normalizeImage, pixelsOf, sniff, storablePng } from '.';

const png = (w = 40, h = 20) => sharp({ create: { width: w, height: h, channels: 3, background: '#336699' } }).png().toBuffer();
const jpeg = (w = 40, h = 20) => sharp({ create: { width: w, height: h, channels: 3, background: '#996633' } }).jpeg().toBuffer();
const b64 = (b: Buffer) => b.toString('base64');

async function textPdf(pages = 1, text = 'CARTEIRA NACIONAL DE HABILITACAO NOME MARIA DA SILVA CPF 529.982.247-25') {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([400, 250]).drawText(text, { x: 10, y: 200, size: 9, font });
  return Buffer.from(await doc.save());
}

async function scannedPdf() {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(await png(300, 200));
  doc.addPage([300, 200]).drawImage(image, { x: 0, y: 0, width: 300, height: 200 });
  return Buffer.from(await doc.save());
}

afterEach(() => {
  delete process.env.MEDIA_MAX_FILE_BYTES;
  resetConfig();
});

describe('file fields: decoding and type detection', () => {
  it('accepts a data URL and bare base64, and trusts the bytes over the declared type', async () => {
    const bytes = await png();
    expect(decodeFileField(`data:image/png;base64,${b64(bytes)}`, 'image')).toMatchObject({ type: 'png', mime: 'image/png' });
    expect(decodeFileField(b64(bytes), 'image').type).toBe('png');
    expect(decodeFileField(`data:image/jpeg;base64,${b64(bytes)}`, 'image').type).toBe('png');
    expect(decodeFileField(`data:image/jpg;base64,${b64(await jpeg())}`, 'image').type).toBe('jpeg');
    expect(decodeFileField(b64(await textPdf()), 'image').type).toBe('pdf');
    // Line breaks inside base64 (as some encoders write it) are fine.
    expect(decodeFileField(b64(bytes).replace(/(.{60})/g, '$1\n'), 'image').type).toBe('png');
  });

  it.each([
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')],
    ['WEBP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])],
    ['HEIC', Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12)])],
    ['ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
  ])('refuses %s with 415 naming it', (name, bytes) => {
    expect(() => decodeFileField(b64(bytes), 'imageFront')).toThrow(expect.objectContaining({ status: 415, code: 'unsupported_media_type', message: `imageFront is ${name}; send JPEG, PNG, PDF.` }));
  });

  it('refuses unknown bytes, malformed base64, a non-base64 data URL and an empty field with 422 naming the field', () => {
    expect(() => decodeFileField(b64(Buffer.from('hello world, not an image')), 'imageBack')).toThrow(expect.objectContaining({ status: 415, message: expect.stringContaining('not a recognised file type') }));
    expect(() => decodeFileField('@@@not*base64@@@', 'imageBack')).toThrow(expect.objectContaining({ status: 422, code: 'invalid_base64', message: 'imageBack is not valid base64.' }));
    expect(() => decodeFileField('data:image/png,rawtext', 'image')).toThrow(expect.objectContaining({ status: 422, code: 'invalid_file' }));
    expect(() => decodeFileField('data:image/png;base64,', 'image')).toThrow(expect.objectContaining({ status: 422 }));
  });

  it('refuses a file over the size limit before decoding it (413)', async () => {
    process.env.MEDIA_MAX_FILE_BYTES = '2048';
    resetConfig();
    const big = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' }, }).raw().toBuffer();
    expect(() => decodeFileField(b64(big), 'image')).toThrow(expect.objectContaining({ status: 413, code: 'file_too_large' }));
  });

  it('sniffs magic bytes', async () => {
    expect(sniff(await jpeg())).toBe('jpeg');
    expect(sniff(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniff(Buffer.from([0x49, 0x49, 0x2a, 0x00]))).toBe('tiff');
  });
});

describe('images: safe decoding and normalisation', () => {
  it('applies EXIF orientation and converts to sRGB', async () => {
    const rotated = await sharp(await jpeg(100, 50)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const img = await normalizeImage({ field: 'image', bytes: rotated });
    expect([img.width, img.height]).toEqual([50, 100]);
    const cmyk = await sharp(await jpeg(30, 30)).toColourspace('cmyk').jpeg().toBuffer();
    const meta = await sharp((await normalizeImage({ field: 'image', bytes: cmyk })).png).metadata();
    expect(meta.space).toBe('srgb');
  });

  it('keeps the pixels a page was encoded from, so the steps that read it next do not decode it again', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#204060' } })
      .composite([{ input: await sharp({ create: { width: 20, height: 10, channels: 3, background: '#f0e0d0' } }).png().toBuffer(), left: 5, top: 7 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    const img = await normalizeImage({ field: 'image', bytes: photo });
    const kept = pixelsOf(img.png);
    expect(pixelsOf(img.png)).toBe(kept);
    const decoded = await sharp(img.png).raw().toBuffer({ resolveWithObject: true });
    expect(await kept).toMatchObject({ width: decoded.info.width, height: decoded.info.height, channels: 3 });
    expect((await kept).data.equals(decoded.data)).toBe(true);
    // A PNG from elsewhere is decoded on first use, then shared; a pipeline on the kept pixels reads as one on the file.
    const other = await png(30, 30);
    expect(pixelsOf(other)).toBe(pixelsOf(other));
    const viaKept = await (await imageOf(img.png)).greyscale().resize({ width: 32 }).raw().toBuffer();
    const viaFile = await sharp(img.png).greyscale().resize({ width: 32 }).raw().toBuffer();
    expect(viaKept.equals(viaFile)).toBe(true);
  });

  it('holds a picture stored, not deflated (fast to decode again), and deflates it to keep', async () => {
    // A smooth gradient: deflate shrinks it several times.
    const raw = Buffer.alloc(200 * 150 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(i / 600) % 256;
    const img = await normalizeImage({ field: 'image', bytes: await sharp(raw, { raw: { width: 200, height: 150, channels: 3 } }).jpeg({ quality: 95 }).toBuffer() });
    expect(img.png.length).toBeGreaterThan(200 * 150 * 3);
    const kept = await storablePng(img.png);
    expect(kept.length).toBeLessThan(img.png.length / 3);
    const [a, b] = await Promise.all([sharp(img.png).raw().toBuffer(), sharp(kept).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it('refuses a truncated or corrupt file with 422 naming the field', async () => {
    const full = await jpeg(400, 300);
    await expect(normalizeImage({ field: 'imageSelfie', bytes: full.subarray(0, Math.floor(full.length / 2)) })).rejects.toMatchObject({ status: 422, code: 'corrupt_file', message: expect.stringContaining('imageSelfie') });
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(100, 7)]);
    await expect(normalizeImage({ field: 'image', bytes: broken })).rejects.toMatchObject({ status: 422, code: 'corrupt_file' });
  });

  it('refuses too many megapixels from the header, before decoding (decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000); // tiny file, 48 megapixels
    await expect(normalizeImage({ field: 'image', bytes: bomb })).rejects.toMatchObject({ status: 422, code: 'image_too_large' });
  });
});

describe('PDF', () => {
  it('renders pages, reads the text layer and marks a born-digital document', async () => {
    const media = await intake(b64(await textPdf()), 'imageFront');
    expect(media.type).toBe('pdf');
    expect(media.digital).toBe(true);
    expect(media.text).toContain('MARIA DA SILVA');
    expect(media.images).toHaveLength(1);
    expect(media.images[0]!.width).toBe(800);
  });

  it('a scanned PDF (an image only) is not digital', async () => {
    const media = await intake(b64(await scannedPdf()), 'imageFront');
    expect(media.digital).toBe(false);
    expect(media.images).toHaveLength(1);
  });

  it('refuses a page that would render past the pixel limit before drawing it (no gigabyte canvas)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([14_400, 3_000]);
    const started = performance.now();
    await expect(intake(b64(Buffer.from(await doc.save())), 'imageFront')).rejects.toMatchObject({ status: 422, code: 'image_too_large' });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('refuses more than 10 pages and a corrupt PDF with 422', async () => {
    await expect(intake(b64(await textPdf(11)), 'imageFront')).rejects.toMatchObject({ status: 422, code: 'pdf_too_many_pages' });
    await expect(intake(b64(Buffer.from('%PDF-1.7\nthis is not a pdf')), 'imageFront')).rejects.toMatchObject({ status: 422, code: 'corrupt_file' });
  });
});
