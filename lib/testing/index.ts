export { backends, createTestDatabase, type Backend, type TestDatabase } from './database';
export { call, type CallOptions } from './call';
export { seedIntegrator, bearerHeaders, consoleHeaders, type SeededIntegrator } from './seed';
export { startReceiver, type ReceivedCall, type ReceiverAnswer, type Receiver } from './receiver';
export { datasetsDir, facesDir } from './datasets';
export { ensureWebBuild, freePort, startWebProcess, startWorkerProcess, type ChildServer } from './worker';
export { startStack, type Stack, type StackOptions } from './stack';
export { startPrivatePostgres, type PrivatePostgres } from './postgres';
export { identitiesDir, identityImages, tightCrop, type CropSpec } from './face-crops';
