// The texts the browser renders: the capture screens' and the console's catalogues (the step pages' server texts are in the index).
export * from './capture';
export * from './console';
