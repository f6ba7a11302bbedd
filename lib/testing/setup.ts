// Test process defaults: a fixed master key, quiet logs, no demo tenant.
process.env.ATESTA_MASTER_KEY ??= Buffer.alloc(32, 7).toString('base64');
process.env.LOG_LEVEL ??= 'silent';
// Results must not depend on how busy the test machine is: the reading's time budget is a production latency bound (tested on its own).
process.env.DOCUMENT_TIME_BUDGET_MS ??= '120000';
process.env.ATESTA_DEMO ??= 'false';
process.env.PUBLIC_URL ??= 'http://atesta.test';
