/** bench/report.md from the figures of bench/report.json. */
import { API_ENDPOINTS, type ApiBench, type Endpoint } from './api';
import { renderMrz, type MrzBench } from './mrz';
import type { DocumentBench } from './documents';
import { portraitsSection, type PortraitDocumentBench } from './documents-portraits';
import { unseenSection, type UnseenDocumentBench } from './documents-unseen';
import type { FaceBench } from './face';
import { faceAccuracySection, type FaceAccuracyBench } from './face-accuracy';
import { facePagesSection, type FacePagesBench } from './face-pages';
import type { LivenessBench } from './liveness';
import type { FraudBench } from './fraud';
import { SIZES, type Size } from './inputs';
import type { NativeBench } from './native';
import type { ScalingBench, ScalingRun } from './scaling';
import { STAGES, type Stage, type StageBench } from './stages';
import { wilson } from './stats';
import { THROUGHPUT_ENDPOINTS, type CheapEndpoint, type ThroughputBench } from './throughput';

export const PARTS = ['documents', 'documentsUnseen', 'documentsPortraits', 'mrz', 'face', 'faceAccuracy', 'facePages', 'liveness', 'fraud', 'stages', 'native', 'api', 'throughput', 'scaling'] as const;
export type Part = (typeof PARTS)[number];

export interface Report {
  date: string;
  quick: boolean;
  /** Parts measured in this run (the others keep their last figures). */
  parts: string[];
  machine: { cpus: number; node: string };
  documents?: DocumentBench;
  documentsUnseen?: UnseenDocumentBench;
  documentsPortraits?: PortraitDocumentBench;
  mrz?: MrzBench;
  face?: FaceBench;
  faceAccuracy?: FaceAccuracyBench;
  facePages?: FacePagesBench;
  liveness?: LivenessBench;
  fraud?: FraudBench;
  stages?: StageBench;
  native?: NativeBench;
  api?: ApiBench;
  throughput?: ThroughputBench;
  scaling?: ScalingBench;
  memory: { benchPeakRssMb: number; serverPeakRssMb?: number };
  /** Seconds each part measured in this run took. */
  partSeconds: Partial<Record<Part, number>>;
  /** Peak RSS of the bench process (kept under this name for earlier reports). */
  peakRssMb: number;
  seconds: number;
}

const STAGE_LABELS: Record<Stage, string> = {
  decode: 'decode (lib/engines/media: type from the bytes, EXIF turn, sRGB page)',
  prepare: 'document prepare (locate, deskew, even lighting, scale: the page OCR reads)',
  ocr: 'OCR, one page reading (tesseract.js pool, PSM auto)',
  classification: 'classification (cues and MRZ on the OCR text)',
  engine: 'document engine, whole (prepare, OCR, rereadings, QR: 4.9 without HTTP)',
  forensics: 'forensics (page measures, error levels, patches)',
  fraudRules: 'fraud rules (catalogue over the evidence)',
  faceDecode: 'face picture decode',
  faceDetect: 'face detect (tiny detector and landmarks at 640 px, quality)',
  embed: 'embed (alignment and 128-d descriptor)',
  liveness: 'liveness (attack signals and score around the face)',
};

const sizes = Object.keys(SIZES) as Size[];
const notMeasured = ['(not measured)'];

function documentSection(documents: DocumentBench): string[] {
  return [
    `Samples: ${documents.samples}. Classification: **${documents.classification.accuracy} %** (target ≥ 98 %).`,
    `CPF, dates and numbers exact: **${documents.groups.cpf_dates_numbers.accuracy} %** (target ≥ 95 %). Names exact: **${documents.groups.names.accuracy} %** (target ≥ 90 %).`,
    `Latency (1600 px JPEG, 2 concurrent, both cores busy): median **${documents.latencyMs.median} ms**, p95 ${documents.latencyMs.p95} ms (target median ≤ 1500 ms).`,
    ...(documents.scenes
      ? [
          '',
          `The same generator's documents photographed on a surface with harsher damage (a textured table, the card 58–85 % of the frame, light falling off, blur 0.8–2 px, noise, JPEG 35–70, 1200–1800 px wide; ${documents.scenes.perType} per type, tuning data like the rest): classification ${documents.scenes.classification} %, CPF, dates and numbers ${documents.scenes.cpf_dates_numbers} %, names ${documents.scenes.names} %.`,
          ...(documents.farScenes
            ? [
                '',
                `The same photos taken from further away, the card 30 % of the frame's width (too small for its outline to be located; read cropped to its print since session 105): classification ${documents.farScenes.classification} %, CPF, dates and numbers ${documents.farScenes.cpf_dates_numbers} %, names ${documents.farScenes.names} %.`,
              ]
            : []),
        ]
      : []),
    '',
    '| type | classified % | field | exact % | n |',
    '|---|---|---|---|---|',
    ...Object.entries(documents.fields).flatMap(([type, fields]) =>
      Object.entries(fields).map(([key, c], i) => `| ${i === 0 ? type : ''} | ${i === 0 ? documents.classification.byType[type] : ''} | ${key} | ${c.accuracy} | ${c.total} |`),
    ),
  ];
}

function faceSection(face: FaceBench): string[] {
  return [
    '| measure | result | target |',
    '|---|---|---|',
    `| 4.7 match, two 1280 px JPEGs, one request at a time | median ${face.matchMs.median} ms, p95 ${face.matchMs.p95} ms (${face.matchMs.runs} runs) | median ≤ 700 ms |`,
    `| 4.8 liveness, one 1280 px JPEG | median ${face.livenessMs.median} ms, p95 ${face.livenessMs.p95} ms | median ≤ 500 ms |`,
    ...(face.cropMatchMs ? [`| 4.7 match, two ${face.cropMatchMs.width} px tight face crops | median ${face.cropMatchMs.median} ms, p95 ${face.cropMatchMs.p95} ms (${face.cropMatchMs.runs} runs) | median ≤ 700 ms |`] : []),
    ...(face.cropLivenessMs ? [`| 4.8 liveness, one ${face.cropLivenessMs.width} px tight face crop | median ${face.cropLivenessMs.median} ms, p95 ${face.cropLivenessMs.p95} ms | median ≤ 500 ms |`] : []),
    ...(face.printedMatchMs ? [`| 4.7 match, a ${face.printedMatchMs.width} px photo with a printed portrait (descreened, two readings averaged, each with its mirror image) | median ${face.printedMatchMs.median} ms, p95 ${face.printedMatchMs.p95} ms (${face.printedMatchMs.runs} runs) | median ≤ 700 ms (${face.printedMatchMs.median <= 700 ? 'met' : 'not met'}) |`] : []),
    `| 1:N search, ${face.index.templates} sealed templates | median ${face.index.searchMs.median} ms, p95 ${face.index.searchMs.p95} ms (first search decrypts and caches: ${face.index.coldLoadMs} ms) | ≤ 50 ms |`,
    `| RSS after the face runs (process with its model threads) | ${face.rssMb} MB${face.peakRssMb ? `, peak ${face.peakRssMb} MB while they ran` : ''} | reported |`,
  ];
}

const pct = (v: number) => (v * 100).toFixed(1);

/** A rate of k in n as the report prints it: percentage, k/n and the 95 % Wilson interval. */
function withInterval(k: number, n: number): string {
  const [lo, hi] = wilson(k, n);
  return `${pct(k / Math.max(1, n))} % (${k}/${n}; ${pct(lo)}–${pct(hi)} %)`;
}

/** APCER / BPCER of the three simulators' held-out captures together, with their 95 % intervals. */
function pooledAll(l: LivenessBench): string {
  const sets = [l.trainSimulator, l.evalSimulator, ...(l.patterned ? [l.patterned] : [])];
  const rate = (share: 'apcer' | 'bpcer', count: 'attacks' | 'genuine') => {
    const k = sets.reduce((a, f) => a + Math.round(f[share] * f[count]), 0);
    const n = sets.reduce((a, f) => a + f[count], 0);
    return withInterval(k, n);
  };
  return `**${rate('apcer', 'attacks')} / ${rate('bpcer', 'genuine')}**`;
}

function livenessSection(l: LivenessBench): string[] {
  const train = new Map(l.trainSimulator.conditions.map((c) => [c.condition, c]));
  const patterned = new Map((l.patterned?.conditions ?? []).map((c) => [c.condition, c]));
  const cell = (c: LivenessBench['evalSimulator']['conditions'][number] | undefined) => (c ? `${pct(c.errorRate)} % (${c.judged}/${c.n}; no face ${c.noFace}, retake ${c.gated})` : '—');
  // The three simulators together: about 28 genuine and 55 attack captures a condition where one has 9–19.
  const errors = (c: LivenessBench['evalSimulator']['conditions'][number] | undefined) => (c ? Math.round(c.errorRate * c.judged) : 0);
  const pooled = (c: LivenessBench['evalSimulator']['conditions'][number]) => {
    const parts = [train.get(c.condition), c, patterned.get(c.condition)];
    const k = parts.reduce((a, p) => a + errors(p), 0);
    const n = parts.reduce((a, p) => a + (p?.judged ?? 0), 0);
    return withInterval(k, n);
  };
  return [
    `Held-out identities (${l.heldoutPhotos} photos, never trained on), one capture per photo and simulator (the patterned column: the training simulator's camera with the person in patterned clothes before a patterned wall, scripts/pad/simulate-patterned.ts); threshold ${l.threshold}. Genuine rows: BPCER (judged captures called attacks); attack rows: APCER (judged attacks accepted). In brackets: judged/made, no face found (422 no_face_detected), retake asked (422 image_quality_insufficient, never an attack verdict). The last column pools the three: errors/judged and the 95 % Wilson interval of the rate (one capture of ten moves a single column by ten points).`,
    '',
    '| condition | rate | training simulator | evaluation simulator (independent) | patterned clothes and walls | three pooled (95 % interval) |',
    '|---|---|---|---|---|---|',
    ...l.evalSimulator.conditions.map((c) => `| ${c.condition} | ${c.attack ? 'APCER' : 'BPCER'} | ${cell(train.get(c.condition))} | ${cell(c)} | ${cell(patterned.get(c.condition))} | ${pooled(c)} |`),
    `| **all** | APCER / BPCER | **${pct(l.trainSimulator.apcer)} % / ${pct(l.trainSimulator.bpcer)} %** | **${pct(l.evalSimulator.apcer)} % / ${pct(l.evalSimulator.bpcer)} %** | ${l.patterned ? `**${pct(l.patterned.apcer)} % / ${pct(l.patterned.bpcer)} %**` : '—'} | ${pooledAll(l)} |`,
    '',
    `Real samples: ${l.real.map((r) => `${r.image} (${r.attack ? 'attack' : 'genuine'}) ${r.verdict}${r.score === null ? '' : ` ${r.score}`}`).join('; ')}.`,
    ...(l.photos?.length
      ? [
          '',
          '**Genuine photos as they are** (not simulated: the source photos themselves — studio portraits, press and web photos, phone selfies — whole at most 1280 px, and scaled so the face is 150 or 90 px wide; never trained on in this form; the training identities\' photos were trained on through the simulators):',
          '',
          '| identities | size | BPCER | judged / photos | no face | retake | refused |',
          '|---|---|---|---|---|---|---|',
          ...l.photos.map((p) => `| ${p.split === 'heldout' ? 'held out' : 'training'} | ${p.size} | ${pct(p.bpcer)} % | ${p.judged} / ${p.n} | ${p.noFace} | ${p.gated} | ${p.refused.map((f) => f.split('/').slice(-2).join('/')).join(', ') || '—'} |`),
        ]
      : []),
  ];
}

function fraudSection(fraud: FraudBench): string[] {
  return [
    '| manipulation | caught by its rule | target |',
    '|---|---|---|',
    ...Object.entries(fraud.perManipulation).map(([m, c]) => `| ${m} | ${c.rate} % (${c.caught}/${c.total}) | ≥ 90 % |`),
    `| clean documents without a hard stop | ${fraud.clean.rate} % (${fraud.clean.withoutHardStop}/${fraud.clean.total}) | ≥ 97 % |`,
    '',
    `Rules firing on clean documents (false alarms, hard stop or not): ${Object.entries(fraud.clean.fired ?? {}).map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}.`,
    '',
    `4.4 latency (one document, no selfie, one at a time): median ${fraud.latencyMs.median} ms, p95 ${fraud.latencyMs.p95} ms over ${fraud.latencyMs.runs} runs (target median ≤ 2000 ms).`,
    ...(fraud.formalisticMs ? [`4.10 latency (three documents per call, forensics on, one call at a time): median ${fraud.formalisticMs.median} ms, p95 ${fraud.formalisticMs.p95} ms over ${fraud.formalisticMs.runs} calls (target ≤ 5000 ms).`] : []),
  ];
}

function stagesSection(stages: StageBench): string[] {
  const first = stages[sizes[0]!];
  return [
    `One call at a time, in the bench process (OCR and face models in their worker-thread pools, as in production). Median / p95 in ms over ${first.documents} document photos and ${first.faces} face photos per size (documents: every type in turn, damaged, upright; faces: the deepface set). Classification and fraud rules are pure functions: mean of 20 calls each.`,
    '',
    `| stage | ${sizes.map((s) => `${s} (${stages[s].width} px)`).join(' | ')} |`,
    `|---|${sizes.map(() => '---').join('|')}|`,
    ...STAGES.map((stage) => `| ${STAGE_LABELS[stage]} | ${sizes.map((s) => `${stages[s].ms[stage].median} / ${stages[s].ms[stage].p95}`).join(' | ')} |`),
    '',
    'Face detection works on the picture scaled to 640 px (the decode and scaling grow with the size, the models do not); a document page is read at 1600–3400 px wide whatever was sent, so small photos are upscaled before OCR.',
  ];
}

function nativeSection(native: NativeBench): string[] {
  if (!native.installed) return [native.note + '.'];
  return [
    `The pages our OCR stage read (prepared page as PGM, same parameters: PSM 3, 300 dpi, no inversion), each engine one page at a time: ours as the engine reads a page (a tall one as two halves on the pool's two threads), native with one thread and with its default threads. The native CLI's time includes its start and model load (${native.startupMs} ms on a blank page). Ratio: native median over ours (above 1: native slower). Accuracy on the printed values of the ground truth (dates dd/mm/yyyy; QR and MRZ left out): characters right, and values found verbatim.`,
    '',
    '| size | engine | median ms | p95 ms | ratio | characters right % | values verbatim % |',
    '|---|---|---|---|---|---|---|',
    ...sizes.flatMap((s) => native.sizes[s].map((e, i) => `| ${i === 0 ? s : ''} | ${e.engine} | ${e.ms.median} | ${e.ms.p95} | ${e.ratio} | ${e.charAccuracy} | ${e.valuesExact} |`)),
    '',
    // Issue 23's figure: our stage over the fastest native setup (goal ≤ 1.0).
    `Ours over the fastest native setup (goal ≤ 1.0): ${sizes.map((s) => `${s} ${(1 / Math.min(...native.sizes[s].slice(1).map((e) => e.ratio))).toFixed(2)}`).join(', ')}.`,
  ];
}

function apiSection(api: ApiBench): string[] {
  return [
    'Over HTTP to the built server (`npm start` as a child process: embedded PGlite, default pools), one request at a time (concurrency 1) after a warm-up request; time from sending the JSON body to the whole answer.',
    '',
    '| endpoint | request | median ms | p95 ms | runs | statuses | target (median; p95) |',
    '|---|---|---|---|---|---|---|',
    ...(Object.keys(API_ENDPOINTS) as Endpoint[]).map((e) => {
      const r = api[e];
      const t: { what: string; targetMs: number; p95TargetMs?: number } = API_ENDPOINTS[e];
      const target = `≤ ${t.targetMs} ms${t.p95TargetMs ? `; ≤ ${t.p95TargetMs} ms` : ''}`;
      if (!r) return `| ${e} | ${t.what} | not measured yet | | | | ${target} |`;
      const met = r.median <= t.targetMs && (!t.p95TargetMs || r.p95 <= t.p95TargetMs);
      return `| ${e} | ${t.what} | **${r.median}** | ${r.p95} | ${r.runs} | ${Object.entries(r.statuses).map(([s, n]) => `${s}×${n}`).join(', ')} | ${target} ${met ? '(met)' : '(missed)'} |`;
    }),
  ];
}

function throughputSection(t: ThroughputBench): string[] {
  return [
    `autocannon, ${t.connections} connections for ${t.seconds} s per endpoint (after 1 s of warm-up), from the bench process on the same host as the server. Login throttles raised, API rate and in-flight limits off.`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | requests | non-2xx | errors | note |',
    '|---|---|---|---|---|---|---|---|',
    ...(Object.keys(THROUGHPUT_ENDPOINTS) as CheapEndpoint[]).map((name) => {
      const r = t.endpoints[name];
      const e = THROUGHPUT_ENDPOINTS[name];
      return `| ${e.spec} ${name} | **${r.requestsPerSecond}** | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${e.note} |`;
    }),
  ];
}

const scalingRows = (runs: ScalingRun[], unit: string) => [
  `| setup | items | seconds | ${unit}/s | speed-up | failed | peak RSS MB |`,
  '|---|---|---|---|---|---|---|',
  ...runs.map((r) => `| ${r.setup} | ${r.items} | ${r.seconds} | **${r.perSecond}** | ×${r.speedUp} | ${r.failed} | ${[r.webPeakRssMb && `web ${r.webPeakRssMb}`, ...r.workerPeakRssMb.map((m) => m && `worker ${m}`)].filter(Boolean).join(', ')} |`),
];

function scalingSection(s: ScalingBench): string[] {
  return [
    'Same inputs for every setup. OCR extract (4.9, 1600 px photos) answered by the web process, four clients at once. Onboardings (4.2, document and selfie when the document has a portrait) all enrolled at once and analysed by `npm run worker` processes (one onboarding at a time per process); time until the last reaches a final status.',
    '',
    ...scalingRows(s.ocr, 'documents'),
    '',
    ...scalingRows(s.onboarding, 'onboardings'),
  ];
}

function memorySection(r: Report): string[] {
  return [
    '| process | peak RSS (VmHWM) |',
    '|---|---|',
    `| bench process (engines in process, OCR and face pools) | ${r.memory.benchPeakRssMb} MB |`,
    ...(r.memory.serverPeakRssMb ? [`| server child process after the API latency and throughput runs | ${r.memory.serverPeakRssMb} MB |`] : []),
    ...(r.scaling ? ['| scaling setups | see the scaling tables |'] : []),
  ];
}

const section = (title: string, body: string[] | undefined) => [`## ${title}`, '', ...(body ?? notMeasured), ''];

export function renderReport(r: Report): string {
  return [
    '# Atesta benchmark',
    '',
    `Date: ${r.date} · ${r.machine.cpus} CPUs · Node ${r.machine.node} · ${r.seconds} s · peak RSS ${r.peakRssMb} MB${r.parts.length < PARTS.length ? ` · parts measured in this run: ${r.parts.join(', ')} (the others from an earlier run)` : ''}`,
    '',
    `Seconds per part in this run: ${Object.entries(r.partSeconds ?? {}).map(([p, t]) => `${p} ${t}`).join(', ')}.`,
    ...(r.quick ? ['', '**Quick mode (BENCH_QUICK=1): a few samples each; the figures are not meaningful.**'] : []),
    '',
    ...section('Document engine (synthetic photos with ground truth)', r.documents && documentSection(r.documents)),
    ...section('Document engine on unseen layouts (independent generator, evaluation only)', r.documentsUnseen && unseenSection(r.documentsUnseen, r.documents)),
    ...section('Document engine on unseen layouts with real photographs as portraits (evaluation only)', r.documentsPortraits && portraitsSection(r.documentsPortraits)),
    ...(r.mrz ? [renderMrz(r.mrz), ''] : section('MRZ (machine-readable zone)', undefined)),
    ...section('Face engine', r.face && faceSection(r.face)),
    ...section('Face recognition accuracy per condition (4.7)', r.faceAccuracy && faceAccuracySection(r.faceAccuracy)),
    ...section('Printed portraits on scanned document pages (fraud step, formalistic)', r.facePages && facePagesSection(r.facePages)),
    ...section('Passive liveness (4.8): APCER and BPCER per condition', r.liveness && livenessSection(r.liveness)),
    ...section('Fraud engine (generated fraud test set)', r.fraud && fraudSection(r.fraud)),
    ...section('Latency per stage and picture size', r.stages && stagesSection(r.stages)),
    ...section('OCR: native tesseract beside ours', r.native && nativeSection(r.native)),
    ...section('End-to-end API latency', r.api && apiSection(r.api)),
    ...section('Throughput of the cheap endpoints', r.throughput && throughputSection(r.throughput)),
    ...section('Scaling from 1 to 2 analysis workers', r.scaling && scalingSection(r.scaling)),
    ...section('Memory peak', memorySection(r)),
  ].join('\n');
}
