// Masking of personal data for display, safe in the browser (the logger itself is the index).
export * from './mask';
