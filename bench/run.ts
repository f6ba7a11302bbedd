/** `npm run bench`: writes bench/report.md and bench/report.json and prints the figures. */
import fs from 'node:fs';
import path from 'node:path';
import { closeOcrPool } from '../lib/ocr';
import { benchDocuments } from './documents';

const perType = Number(process.env.BENCH_SAMPLES_PER_TYPE ?? 10);
const started = Date.now();
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);

console.log(`Document engine: ${perType} synthetic photos per type…`);
const documents = await benchDocuments(perType, console.log);
clearInterval(sampler);
await closeOcrPool();

const report = { date: new Date().toISOString(), machine: { cpus: (await import('node:os')).availableParallelism(), node: process.version }, documents, peakRssMb: Math.round(peakRss / 1024 / 1024), seconds: Math.round((Date.now() - started) / 1000) };
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
];
fs.writeFileSync(path.join('bench', 'report.json'), JSON.stringify(report, null, 2));
fs.writeFileSync(path.join('bench', 'report.md'), lines.join('\n'));
console.log(lines.join('\n'));
