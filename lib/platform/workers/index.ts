export { WorkerPool, processWide, takeProcessWide, type PoolOptions } from './pool';
