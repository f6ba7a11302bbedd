// Database access in one style (docs/architecture.md): a function that is given an executor
// (`Executor`, `Tx` or `Db` from lib/platform/db) takes it first and required, `fn(db, …)`, and
// never fetches the process-wide handle itself (`getDb()` / `getDatabase()`), so whatever runs
// inside a transaction stays in it. Entry points (what a route, page or job calls) take no
// executor: they get the handle once, or open the transaction, and pass it down.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXECUTOR_TYPES = new Set(['Executor', 'Tx', 'Db']);
const HANDLE_GETTERS = new Set(['getDb', 'getDatabase']);

const isExecutorParam = (p) => p.type && ts.isTypeReferenceNode(p.type) && EXECUTOR_TYPES.has(p.type.typeName.getText());

/** Violations in one source text, as `file:line: message` lines. */
export function dbStyleViolations(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  const where = (node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const nameOf = (fn) => (fn.name ? fn.name.getText() : 'an anonymous function');
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.parameters) {
      const params = [...node.parameters];
      const index = params.findIndex(isExecutorParam);
      if (index >= 0) {
        const param = params[index];
        if (param.questionToken || param.initializer) out.push(`${where(param)}: ${nameOf(node)} takes an optional executor; take it required (fn(db, …))`);
        if (index > 0) out.push(`${where(param)}: ${nameOf(node)} takes its executor as parameter ${index + 1}; take it first (fn(db, …))`);
        const body = node.body;
        const find = (n) => {
          if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && HANDLE_GETTERS.has(n.expression.text)) out.push(`${where(n)}: ${nameOf(node)} is given an executor but calls ${n.expression.text}()`);
          ts.forEachChild(n, find);
        };
        if (body) find(body);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every violation under lib/ (tests and test helpers aside). */
export function checkDbStyle(root) {
  const lines = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (entry.isDirectory()) {
        if (rel !== path.join('lib', 'testing')) walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) lines.push(...dbStyleViolations(rel, fs.readFileSync(full, 'utf8')));
    }
  };
  if (fs.existsSync(path.join(root, 'lib'))) walk(path.join(root, 'lib'));
  return lines;
}
