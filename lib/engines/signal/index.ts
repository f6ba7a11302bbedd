export { fft2dMagnitude } from './fft';
export { laplacianVariance } from './laplacian';
