/**
 * `npm run bench`: writes bench/report.md and bench/report.json and prints the figures.
 * BENCH_ONLY=part[,part…] runs some parts (documents, face, fraud, stages, native, api,
 * throughput, scaling); the report keeps the other parts' last figures. BENCH_QUICK=1 takes
 * a few samples of everything, to check the parts run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeFacePool } from '../lib/face';
import { closeOcrPool } from '../lib/ocr';
import { ensureWebBuild } from '../lib/testing';
import { benchApi } from './api';
import { benchDocuments } from './documents';
import { benchFace } from './face';
import { benchFraud } from './fraud';
import { benchNative } from './native';
import { renderReport, type Report } from './report';
import { benchScaling } from './scaling';
import { startBenchServer } from './server';
import { benchStages } from './stages';
import { peakRssMb, QUICK, samples } from './stats';
import { benchThroughput } from './throughput';

const PARTS = ['documents', 'face', 'fraud', 'stages', 'native', 'api', 'throughput', 'scaling'] as const;
type Part = (typeof PARTS)[number];
const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const unknown = only.filter((p) => !PARTS.includes(p as Part));
if (unknown.length) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
const runs = (part: Part) => only.length === 0 || only.includes(part);

const started = Date.now();
let sampledRss = 0;
const sampler = setInterval(() => (sampledRss = Math.max(sampledRss, process.memoryUsage().rss)), 200);
const reportJson = path.join('bench', 'report.json');
const previous: Partial<Report> = fs.existsSync(reportJson) ? JSON.parse(fs.readFileSync(reportJson, 'utf8')) : {};
const report: Report = { ...previous, date: new Date().toISOString(), quick: QUICK, parts: only.length ? only : [...PARTS], machine: { cpus: os.availableParallelism(), node: process.version }, peakRssMb: 0, seconds: 0 } as Report;

if (runs('documents')) {
  const perType = Number(process.env.BENCH_SAMPLES_PER_TYPE ?? samples(10, 1));
  console.log(`Document engine: ${perType} synthetic photos per type…`);
  report.documents = await benchDocuments(perType, console.log);
  await closeOcrPool();
}
if (runs('face')) {
  console.log('Face engine…');
  report.face = await benchFace(console.log);
}
if (runs('fraud')) {
  const each = Number(process.env.BENCH_FRAUD_CASES ?? samples(10, 1));
  console.log(`Fraud engine: ${each} cases per manipulation, ${each * 3} clean…`);
  report.fraud = await benchFraud(each, each * 3, console.log);
}
if (runs('stages')) {
  console.log('Stages, one call at a time…');
  report.stages = await benchStages(console.log);
}
if (runs('native')) {
  console.log('Native tesseract beside our OCR stage…');
  report.native = await benchNative(console.log);
}
await Promise.all([closeOcrPool(), closeFacePool()]);
report.memory = { ...previous.memory, benchPeakRssMb: 0 };

if (runs('api') || runs('throughput') || runs('scaling')) ensureWebBuild();
if (runs('api') || runs('throughput')) {
  console.log('Built server (child process, default pools)…');
  const server = await startBenchServer();
  try {
    if (runs('api')) {
      console.log('End-to-end API latency, one request at a time…');
      report.api = await benchApi(server, console.log);
    }
    if (runs('throughput')) {
      console.log('Throughput of the cheap endpoints (autocannon)…');
      report.throughput = await benchThroughput(server, console.log);
    }
  } finally {
    report.memory.serverPeakRssMb = (await server.stop()).webPeakRssMb;
  }
}
if (runs('scaling')) {
  console.log('Scaling from 1 to 2 analysis workers…');
  report.scaling = await benchScaling(console.log);
}
clearInterval(sampler);

report.memory.benchPeakRssMb = peakRssMb() ?? Math.round(sampledRss / 1024 / 1024);
report.peakRssMb = report.memory.benchPeakRssMb;
report.seconds = Math.round((Date.now() - started) / 1000);
const md = renderReport(report);
fs.writeFileSync(reportJson, JSON.stringify(report, null, 2));
fs.writeFileSync(path.join('bench', 'report.md'), md);
console.log(md);
process.exit(0);
