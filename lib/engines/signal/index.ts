export { fft2dMagnitude, realPower2d } from './fft';
export { laplacianVariance } from './laplacian';
export { noiseSigma } from './noise';
