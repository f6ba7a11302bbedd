export { createBatch, type ImportDocInput } from './create';
export { getBatch, batchView, findBatch, type BatchView } from './view';
export { putWorkflow, listWorkflows, deleteWorkflow, DEFAULT_WORKFLOW, type Workflow, type WorkflowInput } from './workflows';
export { runDoc, strandedDocs } from './process';
export { importDocJob, importSweepJob } from './jobs';
export { enqueueDocs, IMPORT_DOC_QUEUE } from './queue';
