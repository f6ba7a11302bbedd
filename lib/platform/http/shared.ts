// The HTTP layer's vocabulary for the contracts and the browser: how a contract is declared, the semantic
// error parameters a schema may carry, where the selfie guide's face tracker is served. No request handling.
export * from './contract';
export type { SemanticParams } from './validation';
export * from './tracker-config';
