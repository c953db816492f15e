// Folder-level import cycles inside one source root (apps/api/src, packages/x/src, ...).
//
// The rule: inside any folder, its subfolders do not import each other in a
// circle. Each subfolder's files, however deep, count as one node; a loose
// file (one directly in the folder, like an index.ts or main.ts) is a node of
// its own, because it is an entry point or a small module, not a layer. The
// rule is checked in the root and again in every folder below it, so a tangle
// between features/a/api and features/a/components is caught as well as one
// between components/ and features/. Type-only imports count: two folders
// that need each other's types are one piece split in two.
import path from 'node:path';
import { exampleLoop, findCycles } from './graph-cycles.mjs';

/** The node a file belongs to when looking inside `dir`: its subfolder (`name/`) or itself. */
function childOf(dir, file) {
  const rel = path.relative(dir, file);
  const first = rel.split(path.sep)[0];
  return first === rel ? first : `${first}/`;
}

/** Every folder (absolute) that holds a file of the list, up to and including the root. */
function foldersUnder(root, files) {
  const folders = new Set([root]);
  for (const file of files) {
    for (let dir = path.dirname(file); dir.startsWith(root + path.sep); dir = path.dirname(dir))
      folders.add(dir);
  }
  return [...folders].sort();
}

/**
 * Cycles among the subfolders (and loose files) of every folder of a source root.
 * @param {Map<string, string[]>} graph file -> files it imports (absolute paths)
 * @param {string} sourceRoot absolute folder
 * @returns {{ folder: string, loop: string[], members: string[], examples: Map<string, [string, string]> }[]}
 *   folder: where the cycle sits (absolute); loop: one loop of node names, first repeated
 *   at the end; members: every node of the cycle; examples: "a -> b" -> one file import that makes it
 */
export function findFolderCycles(graph, sourceRoot) {
  const inRoot = (file) => file.startsWith(sourceRoot + path.sep);
  const files = [...graph.keys()].filter(inRoot);
  const found = [];
  for (const folder of foldersUnder(sourceRoot, files)) {
    const inFolder = (file) => file.startsWith(folder + path.sep);
    const nodes = new Map();
    const examples = new Map();
    for (const file of files) {
      if (!inFolder(file)) continue;
      const from = childOf(folder, file);
      if (!nodes.has(from)) nodes.set(from, new Set());
      for (const target of graph.get(file) ?? []) {
        if (!inFolder(target)) continue;
        const to = childOf(folder, target);
        // Inside one subfolder is a deeper folder's business (or the file-level check's).
        if (to === from) continue;
        nodes.get(from).add(to);
        const key = `${from} -> ${to}`;
        if (!examples.has(key)) examples.set(key, [file, target]);
      }
    }
    const nodeGraph = new Map([...nodes].map(([node, targets]) => [node, [...targets].sort()]));
    for (const members of findCycles(nodeGraph)) {
      found.push({ folder, loop: exampleLoop(nodeGraph, members), members, examples });
    }
  }
  return found;
}

/** Lines describing one folder cycle: the loop, and for each step the import that makes it. */
export function describeFolderCycle(cycle, rel) {
  const where = rel(cycle.folder) || '.';
  const lines = [`- in ${where}/: ${cycle.loop.join(' -> ')}`];
  for (let i = 0; i + 1 < cycle.loop.length; i++) {
    const [file, target] = cycle.examples.get(`${cycle.loop[i]} -> ${cycle.loop[i + 1]}`);
    const inside = (f) => path.relative(cycle.folder, f);
    lines.push(`    ${inside(file)} imports ${inside(target)}`);
  }
  if (cycle.members.length > cycle.loop.length - 1)
    lines.push(`  all of this cycle: ${cycle.members.join(', ')}`);
  return lines;
}
