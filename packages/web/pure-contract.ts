/**
 * Lets the page's build drop every contract schema the page does not use. The contract's
 * modules only declare values (its package.json says sideEffects: false), but a bundler
 * cannot know that building a zod schema (`z.string().trim().min(1)`, `base.extend({…})`,
 * `...other.shape`) does nothing else, so it keeps every schema of every module whose
 * messages the page imports, and with them the whole call table and zod. This plugin wraps
 * each top-level declaration of the contract whose value is computed in a call marked pure:
 * `const a = /* @__PURE__ *\/ (() => (…))()`, evaluated where it was, and dropped when
 * nothing reads it (docs/web-weight.md). The server runs the contract as it is.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.)[^?]*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);
const COMPUTED = new Set([
  'CallExpression',
  'NewExpression',
  'MemberExpression',
  'SpreadElement',
  'TaggedTemplateExpression',
]);

/** Whether evaluating this expression runs code (a call, a property read, a spread); function bodies are not run. */
export function computes(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(computes);
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return false;
  const { type } = node as Node;
  if (FUNCTIONS.has(type)) return false;
  if (COMPUTED.has(type)) return true;
  return Object.entries(node).some(([key, value]) => key !== 'type' && typeof value === 'object' && computes(value));
}

/** The module's code with each computed top-level declaration made a pure call. */
export function markPure(code: string, program: { body: Node[] }): MagicString | null {
  const out = new MagicString(code);
  let changed = false;
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || !computes(init)) continue;
      out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
      out.prependRight(init.end, '))()');
      changed = true;
    }
  }
  return changed ? out : null;
}

export function pureContract(): Plugin {
  return {
    name: 'platter-pure-contract',
    apply: 'build',
    // After TypeScript is stripped: the parser reads JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const marked = markPure(code, this.parse(code) as unknown as { body: Node[] });
      return marked && { code: marked.toString(), map: marked.generateMap({ hires: true }) };
    },
  };
}
