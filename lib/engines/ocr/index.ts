export { OcrPool, ocrPool, closeOcrPool, type OcrJob, type OcrOutput, type OcrLine, type OcrWord, type PageMode } from './pool';
