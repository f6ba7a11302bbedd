/**
 * Milliseconds since the epoch, to the fraction, the same on every thread of the process: a deadline set on one thread
 * (a document call's time limit) is kept by another (an OCR or MRZ thread).
 */
export const epochNow = (): number => performance.timeOrigin + performance.now();
