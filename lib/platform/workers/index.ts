export { WorkerPool, processWide, takeProcessWide, type PoolOptions } from './pool';
export { CallThread, type Reply } from './thread';
export { epochNow } from './clock';
