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
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describeFolderCycle, findFolderCycles } from './lint/folder-cycles.mjs';
import { exampleLoop, findCycles } from './lint/graph-cycles.mjs';

const USAGE =
  'usage: node scripts/check-import-cycles.mjs [--root DIR] [--include-types] [--folder-root DIR]... [FOLDER ...]';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.dist', 'coverage', '.git']);

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
 * Every import between the files under the folders, resolved like the compiler
 * does: file -> { target: typeOnly }. A module imported both ways counts as run-time.
 * @returns {Map<string, Map<string, boolean>>}
 */
export function resolveImports(root, folders) {
  const files = sourceFiles(folders.map((folder) => path.resolve(root, folder)));
  const known = new Set(files);
  const optionsFor = optionsFinder(path.resolve(root));
  const imports = new Map();
  for (const file of files) {
    const compilerOptions = optionsFor(file);
    const targets = new Map();
    for (const { specifier, typeOnly } of importedSpecifiers(file, ts.sys.readFile(file) ?? '')) {
      const { resolvedModule } = ts.resolveModuleName(specifier, file, compilerOptions, ts.sys);
      if (resolvedModule === undefined) continue;
      // Workspace packages resolve through their node_modules symlink to the real source file.
      const resolved = resolvedModule.resolvedFileName;
      const target = path.resolve(ts.sys.realpath?.(resolved) ?? resolved);
      if (known.has(target)) targets.set(target, (targets.get(target) ?? true) && typeOnly);
    }
    imports.set(file, targets);
  }
  return imports;
}

/** The import graph of resolved imports: file -> files it imports, type-only ones when asked. */
export function importGraph(imports, includeTypes) {
  const graph = new Map();
  for (const [file, targets] of imports) {
    const kept = [...targets].filter(([, typeOnly]) => includeTypes || !typeOnly);
    graph.set(file, kept.map(([target]) => target).sort());
  }
  return graph;
}

/**
 * The import graph: file -> files of ours it imports (resolved like the compiler does).
 * @param {{ includeTypes?: boolean }} [options] includeTypes: also follow type-only imports
 */
export function buildImportGraph(root, folders, options = {}) {
  return importGraph(resolveImports(root, folders), options.includeTypes === true);
}

/**
 * The folders a --folder-root pattern names, relative to root; a `*` segment
 * matches any folder name. Throws naming the pattern when nothing matches.
 */
export function expandFolderRoot(root, pattern) {
  let matches = [''];
  for (const segment of pattern.split('/').filter((part) => part !== '' && part !== '.')) {
    if (!segment.includes('*')) {
      matches = matches.map((dir) => path.join(dir, segment));
      continue;
    }
    const re = new RegExp(`^${segment.split('*').map(escapeRegExp).join('[^/]*')}$`);
    matches = matches.flatMap((dir) => {
      try {
        return readdirSync(path.join(root, dir), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && re.test(entry.name))
          .map((entry) => path.join(dir, entry.name))
          .sort();
      } catch (error) {
        if (error.code === 'ENOENT') return [];
        throw error;
      }
    });
  }
  const found = matches.filter((dir) => dir !== '' && existsSync(path.join(root, dir)));
  if (found.length === 0) throw new Error(`--folder-root ${pattern}: no such folder`);
  return found;
}

const escapeRegExp = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** Parsed command line; throws on an unknown option or a missing value. */
function parseArguments(argv) {
  const parsed = {
    root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    folders: [],
    folderRoots: [],
    includeTypes: false,
  };
  const value = (i) => {
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) throw new Error(`${argv[i]} needs a value`);
    return next;
  };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--root') parsed.root = path.resolve(value(i++));
    else if (argv[i] === '--folder-root') parsed.folderRoots.push(value(i++));
    else if (argv[i] === '--include-types') parsed.includeTypes = true;
    else if (argv[i].startsWith('--')) throw new Error(`unknown option ${argv[i]}`);
    else parsed.folders.push(argv[i]);
  }
  if (parsed.folders.length === 0) parsed.folders.push('packages', 'apps', 'e2e');
  return parsed;
}

/**
 * The check as the command line runs it: returns the exit code (0 clean, 1
 * cycles, 2 usage), writing its report through `out` (the console by default;
 * the tests pass a collector, so they run it in process instead of starting a
 * node that loads the compiler again for each tree: scripts/test/fixture-tree.mjs).
 */
export function main(argv, out = console) {
  let args;
  let sourceRoots;
  try {
    args = parseArguments(argv);
    sourceRoots = args.folderRoots.flatMap((pattern) => expandFolderRoot(args.root, pattern));
  } catch (error) {
    out.error(`check-import-cycles: ${error.message}\n${USAGE}`);
    return 2;
  }
  const { root, folders, includeTypes } = args;
  const imports = resolveImports(root, folders);
  const rel = (file) => path.relative(root, file);
  let failed = false;

  const graph = importGraph(imports, includeTypes);
  const cycles = findCycles(graph);
  if (cycles.length === 0) {
    out.log(
      `import cycles: none among ${graph.size} files${includeTypes ? ' (type-only imports included)' : ''}`,
    );
  } else {
    failed = true;
    out.error(`import cycles: ${cycles.length} found among ${graph.size} files`);
    for (const component of cycles) {
      out.error(
        `- ${component.length} file(s): ${exampleLoop(graph, component).map(rel).join(' -> ')}`,
      );
      if (component.length > 2)
        out.error(`  all files of this cycle: ${component.map(rel).join(', ')}`);
    }
  }

  if (sourceRoots.length > 0) {
    // Folder cycles always count type-only imports (scripts/lint/folder-cycles.mjs says why).
    const fullGraph = importGraph(imports, true);
    const folderCycles = [];
    for (const sourceRoot of sourceRoots) {
      const absolute = path.resolve(root, sourceRoot);
      if (![...fullGraph.keys()].some((file) => file.startsWith(absolute + path.sep))) {
        out.error(
          `check-import-cycles: no source files under ${sourceRoot} among ${folders.join(' ')}`,
        );
        return 2;
      }
      folderCycles.push(...findFolderCycles(fullGraph, absolute));
    }
    const checked = sourceRoots.join(', ');
    if (folderCycles.length === 0) {
      out.log(`folder cycles: none in ${checked} (type-only imports included)`);
    } else {
      failed = true;
      out.error(
        `folder cycles: ${folderCycles.length} found in ${checked} (type-only imports included; ` +
          'each line below the loop is one import that makes a step of it)',
      );
      for (const cycle of folderCycles) {
        for (const line of describeFolderCycle(cycle, rel)) out.error(line);
      }
    }
  }
  return failed ? 1 : 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
