export { detectFaces, detectPortrait, MIN_FACE_PX, type Face, type FaceQuality, type Picture, type QualityIssue } from './detect';
export { closeFacePool, facePool } from './pool';
export { headPose, plausibleLandmarks, landmarkRatios, type Pose } from './geometry';
export { euclidean, rocAuc, ratesAt, thresholdForFmr, similarityOf } from './calibrate';
