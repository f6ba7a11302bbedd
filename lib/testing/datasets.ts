import fs from 'node:fs';
import path from 'node:path';

/**
 * The shared labelled face datasets: `DATASETS_DIR`, else `../shared/datasets`
 * beside the project (where CI has it), else `/work/shared/datasets`.
 * Undefined when absent; the tests that need it then skip and say so.
 */
export function datasetsDir(): string | undefined {
  const candidates = [process.env.DATASETS_DIR, path.resolve(process.cwd(), '..', 'shared', 'datasets'), '/work/shared/datasets'].filter(Boolean) as string[];
  return candidates.find((d) => fs.existsSync(path.join(d, 'faces', 'pairs.csv')));
}

/** The faces folder of the datasets, or a path that does not exist (callers check `datasetsDir()` first). */
export const facesDir = () => path.join(datasetsDir() ?? path.resolve(process.cwd(), '..', 'shared', 'datasets'), 'faces');
