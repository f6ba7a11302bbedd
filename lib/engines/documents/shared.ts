// The document vocabulary the contracts use: recognised types and field shapes.
export * from './types';
