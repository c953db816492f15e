// Fails when the TypeScript sources import each other in a circle. The
// architecture says "no cycles" (docs/ARCHITECTURE.md); eslint-plugin-import-x
// would check it but its native resolver is missing from the registry here, so
// this script builds the import graph with the TypeScript compiler's own module
// resolution (each folder's tsconfig, workspace package names through
// node_modules/@meridian/* and their `exports`) and finds the strongly
// connected components with Tarjan's algorithm.
//
// Edges are the imports that load a module at run time: import declarations,
// re-exports, import() and import x = require(). `import type` / `export type`
// declarations are left out by default because they are erased from the
// output (verbatimModuleSyntax guarantees it), so they cannot cause the
// half-initialised-module bugs a cycle brings; this is also what
// eslint-plugin-import's no-cycle does. `import { type A } from` stays an edge:
// under verbatimModuleSyntax it still loads the module. --include-types adds
// the type-only edges too, to look for tighter coupling. Worker entries started
// with `new Worker(new URL(...))` are not imports: they run in another thread.
//
// Usage: node scripts/check-import-cycles.mjs [--root DIR] [--include-types] [FOLDER ...]
// (default root: the repository; default folders: packages apps e2e)
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git']);

/** Every .ts/.tsx file under the folders, declaration files and build output excluded. */
function sourceFiles(folders) {
  const files = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (error.code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(full);
      } else if (SOURCE.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) {
        files.push(full);
      }
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

/**
 * The modules a file imports, each with whether the import is erased at run time
 * (`import type`, `export type`, `typeof import('x')`).
 * @returns {{ specifier: string, typeOnly: boolean }[]}
 */
export function importedSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.importClause?.isTypeOnly === true;
      specifiers.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      specifiers.push({
        specifier: node.moduleReference.expression.text,
        typeOnly: node.isTypeOnly,
      });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Compiler options of the tsconfig.json nearest to a file (cached per folder). */
function optionsFinder(root) {
  const byConfig = new Map();
  const fallback = { moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: false };
  return (fileName) => {
    const config = ts.findConfigFile(path.dirname(fileName), ts.sys.fileExists, 'tsconfig.json');
    if (config === undefined || !path.resolve(config).startsWith(root)) return fallback;
    let options = byConfig.get(config);
    if (options === undefined) {
      const parsed = ts.getParsedCommandLineOfConfigFile(
        config,
        {},
        {
          ...ts.sys,
          onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
            throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
          },
        },
      );
      options = parsed?.options ?? fallback;
      byConfig.set(config, options);
    }
    return options;
  };
}

/**
 * The import graph: file -> files of ours it imports (resolved like the compiler does).
 * @param {{ includeTypes?: boolean }} [options] includeTypes: also follow type-only imports
 */
export function buildImportGraph(root, folders, options = {}) {
  const files = sourceFiles(folders.map((folder) => path.resolve(root, folder)));
  const known = new Set(files);
  const optionsFor = optionsFinder(path.resolve(root));
  const graph = new Map();
  for (const file of files) {
    const compilerOptions = optionsFor(file);
    const targets = new Set();
    for (const { specifier, typeOnly } of importedSpecifiers(file, ts.sys.readFile(file) ?? '')) {
      if (typeOnly && options.includeTypes !== true) continue;
      const { resolvedModule } = ts.resolveModuleName(specifier, file, compilerOptions, ts.sys);
      if (resolvedModule === undefined) continue;
      // Workspace packages resolve through their node_modules symlink to the real source file.
      const resolved = resolvedModule.resolvedFileName;
      const target = path.resolve(ts.sys.realpath?.(resolved) ?? resolved);
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    // Iterative depth-first search: deep import chains must not overflow the call stack.
    const work = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge];
        frame.edge += 1;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) {
        low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components;
}

/** One concrete loop through a component (shortest from its first file back to it), for the message. */
export function exampleLoop(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (target === start) {
        const loop = [start];
        for (let at = node; at !== null && at !== start; at = previous.get(at))
          loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...component, start];
}

function main(argv) {
  let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const folders = [];
  let includeTypes = false;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--root') {
      root = path.resolve(argv[i + 1] ?? '');
      i += 1;
    } else if (argv[i] === '--include-types') includeTypes = true;
    else folders.push(argv[i]);
  }
  if (folders.length === 0) folders.push('packages', 'apps', 'e2e');
  const graph = buildImportGraph(root, folders, { includeTypes });
  const cycles = findCycles(graph);
  const rel = (file) => path.relative(root, file);
  if (cycles.length === 0) {
    console.log(
      `import cycles: none among ${graph.size} files${includeTypes ? ' (type-only imports included)' : ''}`,
    );
    return 0;
  }
  console.error(`import cycles: ${cycles.length} found among ${graph.size} files`);
  for (const component of cycles) {
    console.error(
      `- ${component.length} file(s): ${exampleLoop(graph, component).map(rel).join(' -> ')}`,
    );
    if (component.length > 2)
      console.error(`  all files of this cycle: ${component.map(rel).join(', ')}`);
  }
  return 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
