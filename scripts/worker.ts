/** `npm run worker`: consumes every job queue in its own process (scale workers apart from web). */
import { getLogger } from '../lib/platform/log';
import { boot, shutdown, surviveDatabaseOutages, warmEngines } from '../lib/ops';

async function main() {
  surviveDatabaseOutages();
  const result = await boot({ worker: true, demo: false });
  void warmEngines();
  process.stdout.write(`Atesta worker serving ${result.queues} queues (database: ${result.databaseKind})\n`);
  const stop = async () => {
    getLogger().info('worker stopping');
    await shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  process.stderr.write(`Atesta worker failed to start: ${(err as Error).message}\n`);
  process.exit(1);
});
