import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { facesDir } from '../lib/testing/datasets';

const dir = path.join(os.tmpdir(), 'atesta-e2e-media');

/** Files the capture tests use (written by global-setup.ts). */
export const E2E_MEDIA = {
  dir,
  document: path.join(dir, 'document.jpg'),
  blurred: path.join(dir, 'blurred.jpg'),
  /** The document small in a 640×480 frame: too small for the server to read. */
  smallDocument: path.join(dir, 'small-document.jpg'),
  documentVideo: path.join(dir, 'document.y4m'),
  /** The same document on a 640×480 webcam, the card filling the guide's frame. */
  document640Video: path.join(dir, 'document-640.y4m'),
  faceVideo: path.join(dir, 'face.y4m'),
  stillFaceVideo: path.join(dir, 'still-face.y4m'),
};

const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));

/** The document portrait (img1), the integrator's selfie of the same person (img2), and a person looking ahead then turning (img10, img11). */
export function e2eFaces() {
  return { owner: face('img1.jpg'), ownerSelfie: face('img2.jpg'), other: face('img17.jpg'), frontal: face('img10.jpg'), turned: face('img11.jpg') };
}

/** Chromium with a fake camera playing `video`; `grant` false: no automatic permission (the person refuses). */
export function fakeCamera(video: string, grant = true) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      ...(grant ? ['--use-fake-ui-for-media-stream'] : []),
      `--use-file-for-fake-video-capture=${video}`,
    ],
  };
}

/** Chromium with no camera at all. */
export function noCamera() {
  const { executablePath, args } = fakeCamera('');
  return { executablePath, args: args.filter((a) => !a.startsWith('--use-f')) };
}
