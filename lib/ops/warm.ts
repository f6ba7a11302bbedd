import { ocrPool } from '../engines/ocr';

/**
 * Starts the OCR threads while the process boots. Loading Tesseract and its Portuguese model takes one to two
 * seconds; paid inside the first document call after a start, it spent that call's time budget, so the first
 * document read after every restart tried no other orientation or fallback (measured: read upside down, no field).
 */
export function warmEngines(): void {
  ocrPool();
}
