import v8 from 'node:v8';
import vm from 'node:vm';

/** rss may grow by this much over a whole file's run, measured after a full garbage collection (leaks stay; garbage goes). */
export const RSS_BOUND_MB = 600;
/** And by this much at its highest, garbage included (a 48 MB body is copied a few times while it is parsed). */
export const RSS_PEAK_BOUND_MB = 1_000;

/** rss after a full collection: V8's gc, reachable in a test process without --expose-gc. */
export function settledRss(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return process.memoryUsage().rss;
}
