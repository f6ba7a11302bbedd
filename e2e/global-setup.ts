import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { fraudCase } from '../scripts/synth/fraud';
import { cameraFrame } from '../lib/testing/capture-frames';
import { writeY4m } from './fixtures/y4m';
import { E2E_MEDIA, e2eFaces } from './media';

/**
 * Fake-camera videos for the capture steps (Chromium plays them in a loop):
 * a generated document photo, and a face that looks ahead then turns to its
 * right (two photos of one person from ../shared/datasets). Also the document
 * files the upload tests send.
 */
/** The picture moved right by `share` of its width (the letterbox grey comes in on the left). */
async function shiftedRight(image: Buffer, share: number): Promise<Buffer> {
  const { width, height } = await sharp(image).metadata();
  const dx = Math.round(width! * share);
  const wider = await sharp(image).extend({ left: dx, background: '#404040' }).png().toBuffer();
  return sharp(wider).extract({ left: 0, top: 0, width: width!, height: height! }).png().toBuffer();
}

export default async function globalSetup() {
  fs.mkdirSync(E2E_MEDIA.dir, { recursive: true });
  const faces = e2eFaces();
  // A clean CNH front whose validity has not run out.
  let i = 0;
  let doc = await fraudCase('clean', i, faces);
  while (doc.type !== 'CNH_FRENTE' || !(doc.truth.fields.validade! > new Date().toISOString().slice(0, 10))) doc = await fraudCase('clean', ++i, faces);
  fs.writeFileSync(E2E_MEDIA.document, doc.image);
  fs.writeFileSync(E2E_MEDIA.blurred, await sharp(doc.image).blur(12).jpeg().toBuffer());
  await writeY4m(E2E_MEDIA.documentVideo, 1280, 720, 10, [{ image: doc.image, frames: 5 }]);
  fs.writeFileSync(E2E_MEDIA.smallDocument, await cameraFrame(doc.image, 640, 480, 0.5));
  await writeY4m(E2E_MEDIA.document640Video, 640, 480, 10, [{ image: await cameraFrame(doc.image, 640, 480, 1.1), frames: 5 }]);
  // Looking ahead 2 s, turned 0.5 s, in a loop: whenever the page's 3 s recording starts, it holds a
  // frontal picture followed by the turned one (the server measures the turn from the frame it starts at).
  // The turned picture is shifted sideways so that the cut to it reads as movement to the page's guide: the
  // movement is then asked only after 0.6 s of the frontal picture, not across the cut into the turned one
  // (once the tracker looked every few hundred milliseconds, a recording began on the turned picture).
  await writeY4m(E2E_MEDIA.faceVideo, 640, 480, 10, [
    { image: faces.frontal, frames: 20 },
    { image: await shiftedRight(faces.turned, 0.2), frames: 5 },
  ]);
  // A photo held up to the camera: the same picture, never turning.
  await writeY4m(E2E_MEDIA.stillFaceVideo, 640, 480, 10, [{ image: faces.frontal, frames: 10 }]);
  fs.writeFileSync(path.join(E2E_MEDIA.dir, 'cpf.txt'), doc.cpf);
}
