// Test process defaults: a fixed master key, quiet logs, no demo tenant.
process.env.ATESTA_MASTER_KEY ??= Buffer.alloc(32, 7).toString('base64');
process.env.LOG_LEVEL ??= 'silent';
process.env.ATESTA_DEMO ??= 'false';
process.env.PUBLIC_URL ??= 'http://atesta.test';
