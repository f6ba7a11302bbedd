/**
 * `npm run bench`: writes bench/report.md and bench/report.json and prints the figures.
 * BENCH_ONLY=part[,part…] runs some parts (documents, documentsUnseen, documentsPortraits, mrz, face, liveness, fraud, stages, native, api,
 * throughput, scaling); the report keeps the other parts' last figures. BENCH_QUICK=1 takes
 * a few samples of everything, to check the parts run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeFacePool } from '../lib/engines/face';
import { closeOcrPool } from '../lib/engines/ocr';
import { ensureWebBuild } from '../lib/testing';
import { benchApi } from './api';
import { benchDocuments } from './documents';
import { benchDocumentsPortraits } from './documents-portraits';
import { benchDocumentsUnseen } from './documents-unseen';
import { benchFace } from './face';
import { benchFaceAccuracy } from './face-accuracy';
import { benchFacePages } from './face-pages';
import { benchFraud } from './fraud';
import { benchLiveness } from './liveness';
import { benchMrz } from './mrz';
import { benchNative } from './native';
import { PARTS, renderReport, type Part, type Report } from './report';
import { benchScaling } from './scaling';
import { startBenchServer } from './server';
import { benchStages } from './stages';
import { peakRssMb, QUICK, samples } from './stats';
import { benchThroughput } from './throughput';

const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const unknown = only.filter((p) => !PARTS.includes(p as Part));
if (unknown.length) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
const runs = (part: Part) => only.length === 0 || only.includes(part);

const started = Date.now();
let sampledRss = 0;
const sampler = setInterval(() => (sampledRss = Math.max(sampledRss, process.memoryUsage().rss)), 200);
const reportJson = path.join('bench', 'report.json');
const previous: Partial<Report> = fs.existsSync(reportJson) ? JSON.parse(fs.readFileSync(reportJson, 'utf8')) : {};
const report: Report = { ...previous, date: new Date().toISOString(), quick: QUICK, parts: only.length ? only : [...PARTS], machine: { cpus: os.availableParallelism(), node: process.version }, partSeconds: {}, peakRssMb: 0, seconds: 0 } as Report;

/** Runs a part when asked for, noting how long it took. */
async function part(name: Part, title: string, run: () => Promise<void>): Promise<void> {
  if (!runs(name)) return;
  console.log(title);
  const t = Date.now();
  await run();
  report.partSeconds[name] = Math.round((Date.now() - t) / 1000);
}

const perType = Number(process.env.BENCH_SAMPLES_PER_TYPE ?? samples(10, 1));
await part('documents', `Document engine: ${perType} synthetic photos per type…`, async () => {
  report.documents = await benchDocuments(perType, console.log);
  await closeOcrPool();
});
// The unseen-layout generator (evaluation only): N photos per type and per damage level.
const unseenPerLevel = Number(process.env.BENCH_UNSEEN_PER_LEVEL ?? samples(3, 1));
await part('documentsUnseen', `Document engine on unseen layouts: ${unseenPerLevel} photos per type per damage level…`, async () => {
  report.documentsUnseen = await benchDocumentsUnseen(unseenPerLevel, console.log);
  await closeOcrPool();
});
// The same unseen documents with a real photograph as the holder's picture, phone photos and pages filling the frame.
const portraitsPerLevel = Number(process.env.BENCH_PORTRAITS_PER_LEVEL ?? samples(2, 1));
await part('documentsPortraits', `Document engine on unseen layouts with real photographs as portraits: ${portraitsPerLevel} per type per damage level, four ways…`, async () => {
  report.documentsPortraits = await benchDocumentsPortraits(portraitsPerLevel, console.log);
  await closeOcrPool();
});
await part('mrz', 'MRZ: real specimens and generated ICAO pages of every format…', async () => {
  report.mrz = await benchMrz(console.log);
  await closeOcrPool();
});
await part('face', 'Face engine…', async () => {
  report.face = await benchFace(console.log);
});
await part('faceAccuracy', 'Face recognition accuracy per condition, tuning and held-out identities…', async () => {
  report.faceAccuracy = await benchFaceAccuracy(console.log);
});
await part('facePages', 'Printed portraits on scanned document pages, tuning and held-out identities…', async () => {
  report.facePages = await benchFacePages(console.log);
});
await part('liveness', 'Passive liveness: held-out identities through both simulators, and the real samples…', async () => {
  report.liveness = await benchLiveness(console.log);
});
const each = Number(process.env.BENCH_FRAUD_CASES ?? samples(10, 1));
await part('fraud', `Fraud engine: ${each} cases per manipulation, ${each * 3} clean…`, async () => {
  report.fraud = await benchFraud(each, each * 3, console.log);
});
await part('stages', 'Stages, one call at a time…', async () => {
  report.stages = await benchStages(console.log);
});
await part('native', 'Native tesseract beside our OCR stage…', async () => {
  report.native = await benchNative(console.log);
});
await Promise.all([closeOcrPool(), closeFacePool()]);
report.memory = { ...previous.memory, benchPeakRssMb: 0 };

if (runs('api') || runs('throughput') || runs('scaling')) await ensureWebBuild();
if (runs('api') || runs('throughput')) {
  console.log('Built server (child process, default pools)…');
  const server = await startBenchServer();
  try {
    await part('api', 'End-to-end API latency, one request at a time…', async () => {
      report.api = await benchApi(server, console.log);
    });
    await part('throughput', 'Throughput of the cheap endpoints (autocannon)…', async () => {
      report.throughput = await benchThroughput(server, console.log);
    });
  } finally {
    report.memory.serverPeakRssMb = (await server.stop()).webPeakRssMb;
  }
}
await part('scaling', 'Scaling from 1 to 2 analysis workers…', async () => {
  report.scaling = await benchScaling(console.log);
});
clearInterval(sampler);

report.memory.benchPeakRssMb = peakRssMb() ?? Math.round(sampledRss / 1024 / 1024);
report.peakRssMb = report.memory.benchPeakRssMb;
report.seconds = Math.round((Date.now() - started) / 1000);
const md = renderReport(report);
fs.writeFileSync(reportJson, JSON.stringify(report, null, 2));
fs.writeFileSync(path.join('bench', 'report.md'), md);
console.log(md);
process.exit(0);
