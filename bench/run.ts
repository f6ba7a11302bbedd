/** `npm run bench`: writes bench/report.md and bench/report.json and prints the figures. */
import fs from 'node:fs';
import path from 'node:path';
import { closeOcrPool } from '../lib/ocr';
import { benchDocuments, type DocumentBench } from './documents';
import { benchFace, type FaceBench } from './face';
import { benchFraud, type FraudBench } from './fraud';

const perType = Number(process.env.BENCH_SAMPLES_PER_TYPE ?? 10);
const started = Date.now();
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);

/** BENCH_ONLY=documents, face or fraud runs one part; the report keeps the other part's last figures. */
const only = process.env.BENCH_ONLY;
const previous = fs.existsSync(path.join('bench', 'report.json')) ? JSON.parse(fs.readFileSync(path.join('bench', 'report.json'), 'utf8')) : {};
let documents: DocumentBench = previous.documents;
let face: FaceBench = previous.face;
let fraud: FraudBench = previous.fraud;
if (!only || only === 'documents') {
  console.log(`Document engine: ${perType} synthetic photos per type…`);
  documents = await benchDocuments(perType, console.log);
  await closeOcrPool();
}
if (!only || only === 'face') {
  console.log('Face engine…');
  face = await benchFace(console.log);
}
if (!only || only === 'fraud') {
  const each = Number(process.env.BENCH_FRAUD_CASES ?? 10);
  console.log(`Fraud engine: ${each} cases per manipulation, ${each * 3} clean…`);
  fraud = await benchFraud(each, each * 3, console.log);
}
clearInterval(sampler);

const report = { date: new Date().toISOString(), machine: { cpus: (await import('node:os')).availableParallelism(), node: process.version }, documents, face, fraud, peakRssMb: Math.round(peakRss / 1024 / 1024), seconds: Math.round((Date.now() - started) / 1000) };
const lines = [
  '# Atesta benchmark',
  '',
  `Date: ${report.date} · ${report.machine.cpus} CPUs · Node ${report.machine.node} · ${report.seconds} s · peak RSS ${report.peakRssMb} MB`,
  '',
  '## Document engine (synthetic photos with ground truth)',
  '',
  `Samples: ${documents.samples}. Classification: **${documents.classification.accuracy} %** (target ≥ 98 %).`,
  `CPF, dates and numbers exact: **${documents.groups.cpf_dates_numbers.accuracy} %** (target ≥ 95 %). Names exact: **${documents.groups.names.accuracy} %** (target ≥ 90 %).`,
  `Latency (1600 px JPEG, 2 concurrent, both cores busy): median **${documents.latencyMs.median} ms**, p95 ${documents.latencyMs.p95} ms (target median ≤ 1500 ms).`,
  '',
  '| type | classified % | field | exact % | n |',
  '|---|---|---|---|---|',
  ...Object.entries(documents.fields).flatMap(([type, fields]) =>
    Object.entries(fields).map(([key, c], i) => `| ${i === 0 ? type : ''} | ${i === 0 ? documents.classification.byType[type] : ''} | ${key} | ${c.accuracy} | ${c.total} |`),
  ),
  '',
  '## Face engine',
  '',
  ...(face
    ? [
        '| measure | result | target |',
        '|---|---|---|',
        `| 4.7 match, two 1280 px JPEGs, one request at a time | median ${face.matchMs.median} ms, p95 ${face.matchMs.p95} ms (${face.matchMs.runs} runs) | median ≤ 700 ms |`,
        `| 4.8 liveness, one 1280 px JPEG | median ${face.livenessMs.median} ms, p95 ${face.livenessMs.p95} ms | median ≤ 500 ms |`,
        `| 1:N search, ${face.index.templates} sealed templates | median ${face.index.searchMs.median} ms, p95 ${face.index.searchMs.p95} ms (first search decrypts and caches: ${face.index.coldLoadMs} ms) | ≤ 50 ms |`,
        `| RSS after the face runs (process with its model threads) | ${face.rssMb} MB | reported |`,
      ]
    : ['(not measured)']),
  '',
  '## Fraud engine (generated fraud test set)',
  '',
  ...(fraud
    ? [
        '| manipulation | caught by its rule | target |',
        '|---|---|---|',
        ...Object.entries(fraud.perManipulation).map(([m, c]) => `| ${m} | ${c.rate} % (${c.caught}/${c.total}) | ≥ 90 % |`),
        `| clean documents without a hard stop | ${fraud.clean.rate} % (${fraud.clean.withoutHardStop}/${fraud.clean.total}) | ≥ 97 % |`,
        '',
        `Rules firing on clean documents (false alarms, hard stop or not): ${Object.entries(fraud.clean.fired ?? {}).map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}.`,
        '',
        `4.4 latency (one document, no selfie, one at a time): median ${fraud.latencyMs.median} ms, p95 ${fraud.latencyMs.p95} ms over ${fraud.latencyMs.runs} runs (target median ≤ 2000 ms).`,
        ...(fraud.formalisticMs ? [`4.10 latency (three documents per call, forensics on, one call at a time): median ${fraud.formalisticMs.median} ms, p95 ${fraud.formalisticMs.p95} ms over ${fraud.formalisticMs.runs} calls (target ≤ 5000 ms).`] : []),
      ]
    : ['(not measured)']),
  '',
];
fs.writeFileSync(path.join('bench', 'report.json'), JSON.stringify(report, null, 2));
fs.writeFileSync(path.join('bench', 'report.md'), lines.join('\n'));
console.log(lines.join('\n'));
