export { fft2dMagnitude } from './fft';
