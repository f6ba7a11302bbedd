/**
 * End-to-end latency over HTTP against the built server (a child process):
 * SPEC 4.4 fraud analysis, 4.7 face match, 4.8 liveness and 4.9 OCR, one
 * request at a time (concurrency 1), after one warm-up request each.
 * Part of `npm run bench`.
 */
import { fraudCase } from '../scripts/synth/fraud';
import { benchFaces } from './fraud';
import { CROP_PX, documentPhotos, faceCrops, facePhotos, foreignPhotos, unseenPhotos } from './inputs';
import type { BenchServer } from './server';
import { samples, summary, timed, type Summary } from './stats';

export const API_ENDPOINTS = {
  '4.4': { route: '/services/api/v1/fraud/analysis/json', what: 'fraud analysis, one document photo (no selfie)', targetMs: 2000 },
  '4.7': { route: '/services/api/v1/biometrics/face/match/json', what: 'face match, two 1280 px JPEGs', targetMs: 700 },
  '4.8': { route: '/services/api/v1/biometrics/face/liveness/json', what: 'liveness, one 1280 px JPEG', targetMs: 500 },
  '4.7 crops': { route: '/services/api/v1/biometrics/face/match/json', what: `face match, two ${CROP_PX} px tight face crops`, targetMs: 700 },
  '4.8 crops': { route: '/services/api/v1/biometrics/face/liveness/json', what: `liveness, one ${CROP_PX} px tight face crop`, targetMs: 500 },
  '4.9': { route: '/services/api/v1/extract/ocr/json', what: 'OCR extract, one 1600 px document photo (turned ones included)', targetMs: 1200, p95TargetMs: 3000 },
  '4.9 unseen': { route: '/services/api/v1/extract/ocr/json', what: 'OCR extract, one 1600 px photo from the unseen-layout generator (every type, medium damage)', targetMs: 1200, p95TargetMs: 3000 },
  '4.9 foreign': {
    route: '/services/api/v1/extract/ocr/json',
    what: 'OCR extract, foreign and unknown: ICAO pages of every MRZ format (photographed), foreign cards without a zone, photos that are no document',
    targetMs: 1200,
    p95TargetMs: 3000,
  },
} as const satisfies Record<string, { route: string; what: string; targetMs: number; p95TargetMs?: number }>;
export type Endpoint = keyof typeof API_ENDPOINTS;

export interface EndpointLatency extends Summary {
  /** HTTP statuses seen (a liveness refusal is a 422 and still a measured answer). */
  statuses: Record<string, number>;
  concurrency: 1;
}

export type ApiBench = Record<Endpoint, EndpointLatency>;

/** The request bodies of each endpoint (base64 files). */
async function bodies(): Promise<Record<Endpoint, unknown[]>> {
  const docs = samples(10, 2);
  const faces = (await facePhotos(1280)).map((b) => b.toString('base64'));
  const crops = (await faceCrops()).map((b) => b.toString('base64'));
  const cases = await Promise.all(Array.from({ length: docs }, (_, i) => fraudCase('clean', i, benchFaces())));
  const photos = await documentPhotos(1600, samples(20, 3), false);
  const unseen = await unseenPhotos(samples(20, 3));
  const foreign = await foreignPhotos(samples(20, 4));
  const n = samples(faces.length, 3);
  return {
    '4.4': cases.map((c) => ({ cpf: c.cpf, imageFront: c.image.toString('base64') })),
    '4.7': faces.slice(0, n).map((a, i) => ({ imageA: a, imageB: faces[(i + 1) % faces.length] })),
    '4.8': faces.slice(0, n).map((image) => ({ image })),
    '4.7 crops': crops.slice(0, n).map((a, i) => ({ imageA: a, imageB: crops[(i + 1) % crops.length] })),
    '4.8 crops': crops.slice(0, n).map((image) => ({ image })),
    '4.9': photos.map((p) => ({ image: p.image.toString('base64') })),
    '4.9 unseen': unseen.map((image) => ({ image: image.toString('base64') })),
    '4.9 foreign': foreign.map((image) => ({ image: image.toString('base64') })),
  };
}

export async function benchApi(server: BenchServer, log: (s: string) => void): Promise<ApiBench> {
  const all = await bodies();
  const out = {} as ApiBench;
  for (const endpoint of Object.keys(API_ENDPOINTS) as Endpoint[]) {
    const { route } = API_ENDPOINTS[endpoint];
    const list = all[endpoint];
    await server.api('POST', route, list[0]); // route compiled, models loaded
    const times: number[] = [];
    const statuses: Record<string, number> = {};
    for (const body of list) {
      const { ms, value } = await timed(() => server.api('POST', route, body));
      times.push(ms);
      statuses[value.status] = (statuses[value.status] ?? 0) + 1;
    }
    out[endpoint] = { ...summary(times), statuses, concurrency: 1 };
    log(`  ${endpoint}: median ${out[endpoint].median} ms, p95 ${out[endpoint].p95} ms (${JSON.stringify(statuses)})`);
  }
  return out;
}
