export { fft2dMagnitude } from './fft';
export { laplacianVariance } from './laplacian';
export { noiseSigma } from './noise';
