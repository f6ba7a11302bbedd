// The import rules of docs/architecture.md, checked: dependency-cruiser's file
// rules (.dependency-cruiser.cjs: no file cycle, layers point one way, no test
// helper in the product) and, on top, no cycle between capabilities (the
// folders lib/<layer>/<capability>), which a file-level check cannot see.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import { checkDbStyle } from './db-style.mjs';

const isTest = (p) => /\.test\.tsx?$|^lib\/testing\//.test(p);
/** The capability a file belongs to: `engines/face` for lib/engines/face/…, `ops` for lib/ops/…; none outside lib/. */
const capabilityOf = (p) => /^lib\/((?:platform|engines|processes|delivery|api)\/[^/]+|[^/]+)\//.exec(p ?? '')?.[1];

/** Cycles in the graph of capability folders built from non-test imports (each cycle listed once, with one import per arrow). */
export function capabilityCycles(modules) {
  const edges = new Map();
  for (const m of modules) {
    const from = capabilityOf(m.source);
    if (!from || isTest(m.source)) continue;
    for (const d of m.dependencies) {
      const to = capabilityOf(d.resolved);
      if (!to || to === from || isTest(d.resolved)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${m.source} -> ${d.resolved}`);
    }
  }
  // Tarjan's strongly connected components: every component of more than one capability is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) components.push(c.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return components.map((c) => ({ capabilities: c, imports: c.flatMap((a) => c.filter((b) => edges.get(a)?.has(b)).map((b) => edges.get(a).get(b))) }));
}

/** Every violation under `root` (relative paths in `dirs`), as lines to print; none: []. */
export async function checkDependencies({ root, dirs, configFile = '.dependency-cruiser.cjs', tsConfig = 'tsconfig.json' }) {
  const config = createRequire(path.join(root, 'package.json'))(path.join(root, configFile));
  const options = { ...config.options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden }, ...(tsConfig ? { tsConfig: { fileName: tsConfig } } : { tsConfig: undefined }) };
  const resolveOptions = tsConfig ? { tsConfig: { fileName: path.join(root, tsConfig) } } : {};
  const present = dirs.filter((d) => fs.existsSync(path.join(root, d)));
  const { output } = await cruise(present, options, undefined, resolveOptions);
  const lines = [];
  for (const v of output.summary.violations) {
    const via = v.cycle?.length ? ` (${[v.from, ...v.cycle.map((c) => c.name ?? c)].join(' -> ')})` : '';
    lines.push(`${v.rule.name}: ${v.from} -> ${v.to}${via}`);
  }
  for (const c of capabilityCycles(output.modules)) lines.push(`capability-cycle: ${c.capabilities.join(' <-> ')} (${c.imports.join('; ')})`);
  for (const l of checkDbStyle(root)) lines.push(`db-style: ${l}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = await checkDependencies({ root: process.cwd(), dirs: ['lib', 'app', 'components'] });
  for (const l of lines) console.log(l);
  console.log(lines.length ? `${lines.length} structure rule violations (docs/architecture.md)` : 'structure rules hold: no cycle, layers point one way, one database style');
  process.exit(lines.length ? 1 : 0);
}
