// Face detection, landmarks and face templates on TensorFlow.js WASM, off
// the request thread: face-api's SSD MobileNet v1 / Tiny Face Detector and
// 68-point landmarks find the faces; the template (`descriptor`) comes from
// the embedder in EMBEDDER. Plain .mjs loaded by path at run time (outside
// the Next.js bundle). Models are read from node_modules once per worker.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const { root } = workerData;
const require = createRequire(path.join(root, 'package.json'));
const tf = require('@tensorflow/tfjs');
const wasm = require('@tensorflow/tfjs-backend-wasm');
// Read the .wasm from disk (Node's fetch refuses plain paths).
wasm.setWasmPaths(path.join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist') + path.sep, false);
// The package's exports map has no ./dist entry: load the node-wasm build by path.
const faceapi = require(path.join(root, 'node_modules', '@vladmandic', 'face-api', 'dist', 'face-api.node-wasm.js'));

/** The embedder whose template the product uses (see the README, "Face engine": chosen by measurement). */
const EMBEDDER = 'dlib';

/** A TensorFlow.js graph model read from disk (no fetch, no network). */
async function loadGraph(file) {
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  const dir = path.dirname(file);
  const weights = Buffer.concat(json.weightsManifest.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(dir, p)))));
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      format: json.format,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  );
}

// ---- alignment ------------------------------------------------------------

/** The ArcFace / insightface 112x112 five-point template: eye centres, nose tip, mouth corners. */
const ARCFACE_112 = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];

const mean = (pts) => [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];

/** The five points of the template from the 68 iBUG landmarks. */
const fivePoints = (lm) => [mean(lm.slice(36, 42)), mean(lm.slice(42, 48)), lm[30], lm[48], lm[54]];

/**
 * Least-squares similarity transform (rotation, uniform scale, shift) taking
 * `src` points to `dst` points (Umeyama, 2-D): [a, -b, tx; b, a, ty].
 */
function similarity(src, dst) {
  const [sx, sy] = mean(src);
  const [dx, dy] = mean(dst);
  let num1 = 0;
  let num2 = 0;
  let den = 0;
  for (let i = 0; i < src.length; i++) {
    const x = src[i][0] - sx;
    const y = src[i][1] - sy;
    const u = dst[i][0] - dx;
    const v = dst[i][1] - dy;
    num1 += x * u + y * v;
    num2 += x * v - y * u;
    den += x * x + y * y;
  }
  const a = num1 / den;
  const b = num2 / den;
  return { a, b, tx: dx - (a * sx - b * sy), ty: dy - (b * sx + a * sy) };
}

/**
 * The face warped into a `size` x `size` RGB float crop (values 0..255) by
 * the similarity `m` (image -> crop). A face much larger than the crop is
 * first averaged down by a whole factor, so the bilinear samples do not alias.
 */
function warp(rgb, width, height, m, size) {
  const scale = Math.hypot(m.a, m.b);
  const k = Math.max(1, Math.floor(1 / scale));
  let src = rgb;
  let w = width;
  let h = height;
  if (k > 1) {
    w = Math.floor(width / k);
    h = Math.floor(height / k);
    const out = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        for (let c = 0; c < 3; c++) {
          let s = 0;
          for (let j = 0; j < k; j++) for (let i = 0; i < k; i++) s += rgb[((y * k + j) * width + x * k + i) * 3 + c];
          out[(y * w + x) * 3 + c] = s / (k * k);
        }
    src = out;
  }
  // Inverse map (crop -> source pixels, in the averaged image's coordinates).
  const det = m.a * m.a + m.b * m.b;
  const ia = m.a / det;
  const ib = -m.b / det;
  const out = new Float32Array(size * size * 3);
  for (let v = 0; v < size; v++)
    for (let u = 0; u < size; u++) {
      const x0 = u - m.tx;
      const y0 = v - m.ty;
      // Pixel centres: source (x + 0.5) / k - 0.5 in the averaged image.
      const x = (ia * x0 - ib * y0 + 0.5) / k - 0.5;
      const y = (ib * x0 + ia * y0 + 0.5) / k - 0.5;
      const xi = Math.floor(x);
      const yi = Math.floor(y);
      const fx = x - xi;
      const fy = y - yi;
      for (let c = 0; c < 3; c++) {
        const at = (px, py) => src[(Math.min(h - 1, Math.max(0, py)) * w + Math.min(w - 1, Math.max(0, px))) * 3 + c];
        out[(v * size + u) * 3 + c] = (1 - fy) * ((1 - fx) * at(xi, yi) + fx * at(xi + 1, yi)) + fy * ((1 - fx) * at(xi, yi + 1) + fx * at(xi + 1, yi + 1));
      }
    }
  return out;
}

/** ArcFace-style alignment: the five points onto the template scaled to `size`. */
const aligned = (lm, size) => similarity(fivePoints(lm), ARCFACE_112.map(([x, y]) => [(x * size) / 112, (y * size) / 112]));

/** A square box around the landmarks (1.5 x their extent, as Human crops faces), turned upright by the eye line. */
function boxed(lm, size) {
  const xs = lm.map((p) => p[0]);
  const ys = lm.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const side = 1.5 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const [l, r] = fivePoints(lm);
  const angle = Math.atan2(r[1] - l[1], r[0] - l[0]);
  const s = size / side;
  const a = s * Math.cos(-angle);
  const b = s * Math.sin(-angle);
  return { a, b, tx: size / 2 - (a * cx - b * cy), ty: size / 2 - (b * cx + a * cy) };
}

// ---- embedders --------------------------------------------------------------

/** face-api's dlib descriptor of the face its landmarks outline (the crop face-api itself takes). */
async function dlib({ tensor, width, height, landmarks }) {
  const lm = new faceapi.FaceLandmarks68(landmarks.map(([x, y]) => new faceapi.Point(x / width, y / height)), { width, height });
  const [face] = await faceapi.extractFaceTensors(tensor, [lm.align(null, { useDlibAlignment: true })]);
  try {
    return Array.from(await faceapi.computeFaceDescriptor(face));
  } finally {
    face.dispose();
  }
}

const l2 = (v) => {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
};

/** Runs a graph model on one warped crop and returns its output as an array. */
async function runGraph(model, crop, size, pre, output) {
  const input = tf.tidy(() => pre(tf.tensor4d(crop, [1, size, size, 3])));
  const out = output ? model.execute(input, output) : model.execute(input);
  const result = Array.isArray(out) ? out : [out];
  const data = await result[0].data();
  tf.dispose([input, ...result]);
  return Array.from(data);
}

const humanModels = (name) => path.join(workerData.humanModels ?? path.join(root, 'node_modules', '@vladmandic', 'human-models', 'models'), name);
const humanModel = (name) => path.join(root, 'node_modules', '@vladmandic', 'human', 'models', name);

/**
 * Every embedder measured (scripts/face-eval): how its model is loaded, how
 * the face is cropped for it and how its input is scaled. All templates are
 * compared by euclidean distance; the ones trained with a cosine loss are
 * L2-normalised first (then euclidean distance orders pairs as cosine does).
 */
const graph = (file, size, crop, pre, output, normalise = true) => ({
  size,
  load: () => loadGraph(file),
  async embed(model, { rgb, width, height, landmarks }) {
    const crop_ = warp(rgb, width, height, crop(landmarks, size), size);
    const v = await runGraph(model, crop_, size, pre, output);
    return normalise ? l2(v) : v;
  },
});

const EMBEDDERS = {
  /** face-api's dlib ResNet-34, 128-d, on face-api's own dlib-style crop. */
  dlib: { load: async () => null, embed: (_model, face) => dlib(face) },
  /** The same, averaged with the descriptor of the mirrored face (test-time flip). */
  'dlib-flip': {
    load: async () => null,
    async embed(_model, face) {
      const a = await dlib(face);
      const mirrored = tf.reverse(face.tensor, 1);
      try {
        const b = await dlib({ ...face, tensor: mirrored, landmarks: face.landmarks.map(([x, y]) => [face.width - 1 - x, y]) });
        return a.map((v, i) => (v + b[i]) / 2);
      } finally {
        mirrored.dispose();
      }
    },
  },
  /**
   * MobileFaceNet (sirius-ai MobileFaceNet_TF, 192-d, L2-normalised in the graph), 112 px ArcFace alignment,
   * input (x - 127.5) / 128. Measured broken as converted: every face gives nearly the same vector (cosine
   * > 0.99 between strangers) with any input scaling, colour order or crop tried.
   */
  mobilefacenet: graph(humanModels('mobilefacenet.json'), 112, aligned, (t) => tf.div(tf.sub(t, 127.5), 128)),
  /** becauseofAI MobileFace (256-d), 112 px ArcFace alignment, raw 0..255 (its graph normalises; 0..1 as Human feeds it measured worse). */
  mobileface: graph(humanModels('mobileface.json'), 112, aligned, (t) => t),
  /** HSE FaceRes (Human's descriptor, 1024-d global pooling), 224 px, 0..255 as Human feeds it; box crop as Human does, or aligned. */
  faceres: graph(humanModel('faceres.json'), 224, boxed, (t) => t, 'global_pooling/Mean'),
  'faceres-aligned': graph(humanModel('faceres.json'), 224, aligned, (t) => t, 'global_pooling/Mean'),
};

const loaded = new Map();
async function embedder(name) {
  const e = EMBEDDERS[name];
  if (!e) throw new Error(`unknown embedder ${name}`);
  if (!loaded.has(name)) loaded.set(name, e.load());
  return { e, model: await loaded.get(name) };
}

async function describe(name, face) {
  const { e, model } = await embedder(name);
  return e.embed(model, face);
}

const ready = (async () => {
  await tf.setBackend('wasm');
  await tf.ready();
  const models = path.join(root, 'node_modules', '@vladmandic', 'face-api', 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  await embedder(EMBEDDER);
  // (A warm-up that fails only leaves the first job slower: it must never keep the thread from serving.)
  await warmUp().catch(() => undefined);
})();

/**
 * Each model run once on a plain picture before the first job: a thread's first run of each (WASM kernels compiled,
 * buffers sized) made the first 4.7 call after a start about 0.6 s slower than the next ones.
 */
async function warmUp() {
  const [width, height] = [320, 240];
  const rgb = new Uint8Array(width * height * 3).fill(128);
  const tensor = tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const image = { tensor, rgb, width, height };
    await detect(image, 0.5, 'tiny', {}, false);
    await detect(image, 0.5, 'ssd', {}, false);
    await wholeImage(image, {}, true);
  } finally {
    tensor.dispose();
  }
}

const box = (b) => [b.x, b.y, b.width, b.height];
const points = (landmarks) => landmarks.positions.map((p) => [p.x, p.y]);

/**
 * The template of each located face, by the product's embedder: the mean of the face's template and that of the face
 * read off the picture mirrored, its landmarks found again there. Neither model is mirror-symmetric, so the two
 * readings err differently and their mean is nearer the person. Measured on the calibration's held-out half (people
 * never tuned on): FNMR at FMR 0.1 % pooled 14.7 → 11.6 %, every condition gaining (docs/face.md, session 91).
 */
async function templates(image, located) {
  if (!located.length) return [];
  const flipped = tf.reverse(image.tensor, 1);
  try {
    const out = [];
    for (const l of located) {
      const plain = await describe(EMBEDDER, { ...image, landmarks: l.landmarks });
      // A mirrored reading that cannot be made (a box too thin to read landmarks in) leaves the face's own template.
      const mirrored = await mirroredTemplate({ ...image, tensor: flipped }, l.box ?? [0, 0, image.width, image.height]).catch(() => undefined);
      out.push(mirrored ? plain.map((v, i) => (v + mirrored[i]) / 2) : plain);
    }
    return out;
  } finally {
    flipped.dispose();
  }
}

/** A box narrower or shorter than this (pixels, once on the picture) holds no face to find landmarks in. */
const MIN_MIRRORED_SIDE = 8;

/** The template of the face in `box` (picture coordinates) read off `mirrored`, the picture mirrored left to right: landmarks found again in the mirrored box, then described there. */
async function mirroredTemplate(mirrored, box) {
  const x0 = Math.max(0, Math.floor(mirrored.width - box[0] - box[2]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(mirrored.width, Math.ceil(mirrored.width - box[0]));
  const y1 = Math.min(mirrored.height, Math.ceil(box[1] + box[3]));
  if (x1 - x0 < MIN_MIRRORED_SIDE || y1 - y0 < MIN_MIRRORED_SIDE) return undefined;
  const [crop] = await faceapi.extractFaceTensors(mirrored.tensor, [new faceapi.Rect(x0, y0, x1 - x0, y1 - y0)]);
  let lm;
  try {
    lm = await faceapi.detectFaceLandmarks(crop);
  } finally {
    crop.dispose();
  }
  return describe(EMBEDDER, { ...mirrored, landmarks: lm.positions.map((p) => [p.x + x0, p.y + y0]) });
}

/**
 * Every face: detection, landmarks, template. `tiny` (Tiny Face Detector,
 * about ten times faster) serves selfies, where the face is large; SSD
 * MobileNet finds the small and difficult ones.
 */
async function detect(image, minConfidence, detector, ms, describe = true) {
  const options = detector === 'tiny' ? new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minConfidence }) : new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: 10 });
  const started = performance.now();
  const located = (await faceapi.detectAllFaces(image.tensor, options).withFaceLandmarks()).map((r) => ({ box: box(r.detection.box), score: r.detection.score, landmarks: points(r.landmarks) }));
  const described = performance.now();
  const descriptors = describe ? await templates(image, located) : [];
  ms.detect = described - started;
  ms.embed = performance.now() - described;
  return located.map((l, i) => ({ ...l, descriptor: descriptors[i] ?? [] }));
}

/**
 * The whole image taken as one face crop (a portrait cut from a document,
 * too tight for the detector): landmarks and template of the full frame.
 */
async function wholeImage(image, ms, describe = true) {
  const started = performance.now();
  const landmarks = points(await faceapi.detectFaceLandmarks(image.tensor));
  const described = performance.now();
  const [descriptor] = describe ? await templates(image, [{ landmarks }]) : [[]];
  ms.detect = described - started;
  ms.embed = performance.now() - described;
  return [{ box: [0, 0, image.width, image.height], score: 0, landmarks, descriptor }];
}

/** Measurement (scripts/face-eval): the templates of given faces by the named embedders, on the same landmarks. */
async function embedAll(image, faces, names, ms) {
  const out = [];
  for (const f of faces) {
    const descriptors = {};
    for (const name of names) {
      const t = performance.now();
      descriptors[name] = await describe(name, { ...image, landmarks: f.landmarks });
      ms[name] = (ms[name] ?? 0) + performance.now() - t;
    }
    out.push({ ...f, descriptors });
  }
  return out;
}

parentPort.on('message', async (job) => {
  try {
    await ready;
    const rgb = new Uint8Array(job.rgb);
    const tensor = tf.tensor3d(rgb, [job.height, job.width, 3], 'int32');
    const image = { tensor, rgb, width: job.width, height: job.height };
    try {
      // Time spent finding faces (detector and landmarks) and describing them (template): the benchmark's stages.
      const ms = { detect: 0, embed: 0 };
      const faces =
        job.op === 'embed' ? await embedAll(image, job.faces, job.embedders, ms) : job.op === 'whole' ? await wholeImage(image, ms, job.describe !== false) : await detect(image, job.minConfidence ?? 0.5, job.detector, ms, job.describe !== false);
      parentPort.postMessage({ id: job.id, ok: true, faces, ms });
    } finally {
      tensor.dispose();
    }
  } catch (err) {
    parentPort.postMessage({ id: job.id, ok: false, error: String(err?.message ?? err) });
  }
});
