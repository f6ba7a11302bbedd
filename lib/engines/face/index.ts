export { locateFaces, type FaceSource } from './locate';
export { MIN_FACE_PX, type Face, type FaceQuality, type Picture, type QualityIssue } from './detect';
export { closeFacePool, facePool, type FaceStageTotals } from './pool';
export { headPose, plausibleLandmarks, landmarkRatios, type Pose } from './geometry';
export { euclidean, rocAuc, ratesAt, thresholdForFmr, similarityOf } from './calibrate';
export { matchImages, mainFace, pictureFrom, similarity, matchThreshold, DEFAULT_MATCH_THRESHOLD, type FaceMatchOutcome } from './match';
export { assessLiveness, judgeLiveness, livenessCheck, qualityIssues, LIVENESS_APPROVED, QUALITY_GATE, type LivenessOutcome, type LivenessReason, type QualityIssueCode } from './liveness';
export { enrolFace, deleteFaces, searchFaces, similarityToCpf, templateBytes, templateFromBytes, type FaceCandidate } from './gallery';
export { issueChallenge, verifyChallenge, type Challenge, type ChallengeAction, type ChallengeFrame, type ChallengeVerdict } from './challenge';
