// Face detection, landmarks and descriptors (face-api: SSD MobileNet v1,
// 68-point landmarks, dlib ResNet 128-d descriptor) on TensorFlow.js WASM,
// off the request thread. Plain .mjs loaded by path at run time (outside the
// Next.js bundle). Models are read from node_modules once per worker.
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

const ready = (async () => {
  await tf.setBackend('wasm');
  await tf.ready();
  const models = path.join(root, 'node_modules', '@vladmandic', 'face-api', 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
})();

const box = (b) => [b.x, b.y, b.width, b.height];

function toFace(r) {
  return {
    box: box(r.detection.box),
    score: r.detection.score,
    landmarks: r.landmarks.positions.map((p) => [p.x, p.y]),
    descriptor: Array.from(r.descriptor),
  };
}

/**
 * Every face: detection, landmarks, descriptor. `tiny` (Tiny Face Detector,
 * about ten times faster) serves selfies, where the face is large; SSD
 * MobileNet finds the small and difficult ones.
 */
async function detect(tensor, minConfidence, detector, ms) {
  const options = detector === 'tiny' ? new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minConfidence }) : new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: 10 });
  // The chain detectAllFaces().withFaceLandmarks().withFaceDescriptors() in two awaited halves, so each is timed.
  const started = performance.now();
  const located = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks();
  const described = performance.now();
  const found = await new faceapi.ComputeAllFaceDescriptorsTask(Promise.resolve(located), tensor);
  ms.detect = described - started;
  ms.embed = performance.now() - described;
  return found.map(toFace);
}

/**
 * The whole image taken as one face crop (a portrait cut from a document,
 * too tight for the detector): landmarks and descriptor of the full frame.
 */
async function wholeImage(tensor, width, height, ms) {
  const started = performance.now();
  const landmarks = await faceapi.detectFaceLandmarks(tensor);
  const described = performance.now();
  const descriptor = await faceapi.computeFaceDescriptor(tensor);
  ms.detect = described - started;
  ms.embed = performance.now() - described;
  return [{ box: [0, 0, width, height], score: 0, landmarks: landmarks.positions.map((p) => [p.x, p.y]), descriptor: Array.from(descriptor) }];
}

parentPort.on('message', async (job) => {
  try {
    await ready;
    const tensor = tf.tensor3d(new Uint8Array(job.rgb), [job.height, job.width, 3], 'int32');
    try {
      // Time spent finding faces (detector and landmarks) and describing them (descriptor): the benchmark's stages.
      const ms = { detect: 0, embed: 0 };
      const faces = job.op === 'whole' ? await wholeImage(tensor, job.width, job.height, ms) : await detect(tensor, job.minConfidence ?? 0.5, job.detector, ms);
      parentPort.postMessage({ id: job.id, ok: true, faces, ms });
    } finally {
      tensor.dispose();
    }
  } catch (err) {
    parentPort.postMessage({ id: job.id, ok: false, error: String(err?.message ?? err) });
  }
});
