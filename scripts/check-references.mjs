// `npm run lint` runs this, and the tooling project tests it: comments and docs
// point only at what a reader can open. In one pass over the repository's files
// (git's list: tracked and new, not ignored) it reports
//  (a) a file named in a comment or a Markdown page that no file of the
//      repository matches in that exact case: an upper-case name for a
//      lower-case page, a path renamed since;
//  (b) "spec section N", in comments and docs: the spec is not in the
//      repository, so a comment states the rule in its own words or names the
//      docs/ page that does;
//  (c) "issue N" in code comments: the tracker is not in the repository
//      either. Docs may tell a change's history by its issue.
// String literals are not read: user-visible text and test titles are left to
// their authors. A file name resolves from the repository root, from the
// citing file's folder, or as the end of a repository path (`role-matrix.ts`,
// `test/support/test-app.ts`), always in exact case.
// Usage: node scripts/check-references.mjs [--root DIR]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files not read, each with why. A migration is the record of what databases
 * ran: its text stays as it was applied.
 */
export const NOT_READ = [
  { prefix: 'apps/api/migrations/', why: 'applied migrations stay as they were run' },
];

const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const SQL = /\.sql$/;
const DOC = /\.md$/;

/** A file name with a path-like shape and an extension worth checking. */
const FILE_REF =
  /(?<![\w./:@$*{}<>~\\-])((?:\.{1,2}\/)*(?:[\w@-][\w.@-]*\/)*[\w-][\w.-]*\.(?:md|tsx?|mjs|cjs|js|json|sql))(?![\w/*-])/g;
const SPEC_SECTION = /\bspec(?:'s)? sections? \d|\bsections? \d+ of the spec\b/i;
const ISSUE = /\bissues? \d+/i;
/** The ` * ` that starts a line inside a block comment. */
const LEADER = /^\s*\*?\s*/;

/**
 * Not checked: paths of build outputs and data folders, never committed; a .js
 * or .json name without a folder, or only ./ before it (`main.js`,
 * `./x.worker.js`, `year.json`): a build output or a file the reader makes,
 * where a source would be .ts or .mjs; placeholders (NNNN_name.sql,
 * DATA_DIR/..., path/to/...).
 */
const NOT_A_SOURCE =
  /(?:^|\/)(?:\.?dist|node_modules|coverage|data|\.test-data)\/|^(?:\.{1,2}\/)*[^/]+\.js(?:on)?$|N{3,}|^[A-Z][A-Z_]+\/|(?:^|\/)path\/to\//;

/** The repository's files, relative to root with forward slashes: git's tracked and new files. */
export function repositoryFiles(root) {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(out.split('\0').filter(Boolean))];
}

/** Every path and each of its trailing parts (the file name, its folder and name, ...), for lookups by suffix. */
function suffixIndex(files) {
  const known = new Set();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 0; i < parts.length; i++) known.add(parts.slice(i).join('/'));
  }
  return known;
}

/** Whether `ref`, cited in `from`, names a repository file in exact case. */
function resolves(ref, from, files, suffixes) {
  if (ref.startsWith('./') || ref.startsWith('../')) {
    return files.has(path.posix.normalize(path.posix.join(path.posix.dirname(from), ref)));
  }
  return (
    suffixes.has(ref) ||
    files.has(path.posix.normalize(path.posix.join(path.posix.dirname(from), ref)))
  );
}

/** Words after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

/**
 * The comment lines of a source text, each with its line number: `//` and
 * `/* *\/` in JavaScript and TypeScript (strings, templates and regular
 * expressions skipped), `--` in SQL. A quote left open ends at its line, so a
 * misread (JSX text with an apostrophe) costs one line at most.
 */
export function commentLines(text, kind) {
  const out = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  let prev = ''; // the last significant character or word, to tell a regex from a division
  const templates = []; // open `${` depth of each template literal we are inside
  const block = (start, end) => {
    text
      .slice(start, end)
      .split('\n')
      .forEach((words, k) => out.push({ line: line + k, text: words }));
  };
  // A backslash skips the character after it; a line it continues still counts.
  const escape = () => {
    i++;
    if (text[i] === '\n') line++;
  };
  const skipQuoted = (quote) => {
    for (i++; i < n && text[i] !== quote && text[i] !== '\n'; i++) if (text[i] === '\\') escape();
    if (text[i] === quote) i++;
  };
  const skipTemplate = () => {
    // From inside a template literal up to its end or its next `${`.
    for (; i < n; i++) {
      if (text[i] === '\\') escape();
      else if (text[i] === '\n') line++;
      else if (text[i] === '`') return void i++;
      else if (text[i] === '$' && text[i + 1] === '{') {
        templates.push(0);
        i += 2;
        return;
      }
    }
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (kind === 'sql' ? c === '-' && next === '-' : c === '/' && next === '/') {
      const end = text.indexOf('\n', i) < 0 ? n : text.indexOf('\n', i);
      block(i + 2, end);
      i = end;
    } else if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? n : close;
      block(i + 2, end);
      line += text.slice(i, end).split('\n').length - 1;
      i = end + 2;
    } else if (kind === 'sql') {
      if (c === "'") skipQuoted(c);
      else i++;
    } else if (c === '"' || c === "'") {
      skipQuoted(c);
      prev = 'a';
    } else if (c === '`') {
      i++;
      skipTemplate();
      prev = 'a';
    } else if (
      c === '/' &&
      (prev === '' || '(,=:[!&|?{};+-*%>~^'.includes(prev) || BEFORE_REGEX.has(prev))
    ) {
      // A regular expression (never after `<`: there a slash closes a JSX tag).
      let inClass = false;
      for (i++; i < n && text[i] !== '\n'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        else if (text[i] === '/' && !inClass) break;
      }
      if (text[i] === '/') i++;
      prev = 'a';
    } else if (/[\w$]/.test(c)) {
      const start = i;
      while (i < n && /[\w$]/.test(text[i])) i++;
      prev = text.slice(start, i);
    } else {
      if (templates.length > 0 && c === '{') templates[templates.length - 1]++;
      if (templates.length > 0 && c === '}') {
        if (templates[templates.length - 1] === 0) {
          templates.pop();
          i++;
          skipTemplate();
          prev = 'a';
          continue;
        }
        templates[templates.length - 1]--;
      }
      if (!/\s/.test(c)) prev = c;
      i++;
    }
  }
  return out;
}

/** The lines a file's references are read from: comments of code and SQL, the whole of a page. */
function readableLines(file, text) {
  if (CODE.test(file)) return commentLines(text, 'js');
  if (SQL.test(file)) return commentLines(text, 'sql');
  return text.split('\n').map((line, i) => ({ line: i + 1, text: line }));
}

/**
 * The broken references under `root`, as `file:line: what`. `files` defaults
 * to git's list; a test may pass its own.
 */
export function checkReferences(root, files = repositoryFiles(root)) {
  const all = new Set(files);
  const suffixes = suffixIndex(files);
  const found = [];
  for (const file of files) {
    const code = CODE.test(file) || SQL.test(file);
    if (!code && !DOC.test(file)) continue;
    if (NOT_READ.some((rule) => file.startsWith(rule.prefix))) continue;
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    const lines = readableLines(file, text);
    lines.forEach(({ line, text: words }, k) => {
      const at = `${file}:${line}`;
      for (const match of words.matchAll(FILE_REF)) {
        const ref = match[1];
        if (NOT_A_SOURCE.test(ref) || resolves(ref, file, all, suffixes)) continue;
        found.push(`${at}: ${ref} is not a file of the repository (in this case)`);
      }
      // A phrase may wrap onto the next line: read this line with the next one's
      // words, and report what starts on this line.
      const next = lines[k + 1]?.line === line + 1 ? lines[k + 1].text.replace(LEADER, '') : '';
      const startsHere = (pattern) =>
        (pattern.exec(`${words} ${next}`)?.index ?? Infinity) < words.length;
      if (startsHere(SPEC_SECTION)) {
        found.push(`${at}: cites a spec section; state the rule or name the docs/ page`);
      }
      if (code && startsHere(ISSUE)) {
        found.push(`${at}: cites an issue in a comment; say what it asks instead`);
      }
    });
  }
  return found;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const i = process.argv.indexOf('--root');
  const root =
    i > 0
      ? path.resolve(process.argv[i + 1])
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = checkReferences(root);
  if (found.length > 0) {
    console.error(`${found.length} reference(s) a reader cannot follow:`);
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log('Every reference in comments and docs names a file of the repository.');
}
