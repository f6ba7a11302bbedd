export { backends, createTestDatabase, type Backend, type TestDatabase } from './database';
export { call, type CallOptions } from './call';
export { seedIntegrator, bearerHeaders, type SeededIntegrator } from './seed';
export { consoleHeaders } from './console';
export { startReceiver, type ReceivedCall } from './receiver';
export { datasetsDir, facesDir } from './datasets';
export { ensureWebBuild, freePort, startWebProcess, startWorkerProcess, type ChildServer } from './worker';
export { startStack, type Stack, type StackOptions } from './stack';
export { startPrivatePostgres, type PrivatePostgres } from './postgres';
