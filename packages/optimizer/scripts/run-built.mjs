// Runs one program of the build, `node scripts/run-built.mjs bin/solve ARGS...`
// (npm run solve, npm run bench): plain JavaScript from dist/, no tsx. A missing
// build is an error that says how to make it; a build older than a source file
// still runs, with a warning, because it is not running the code as it now is.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildState } from './build-state.mjs';

const name = process.argv[2] ?? '';
const program = path.basename(name);
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist', `${name}.js`);
const build = buildState();
if (build.state === 'missing') {
  process.stderr.write(
    `${program}: packages/optimizer/dist is missing or incomplete; run \`npm run build\` first\n`,
  );
  process.exit(1);
}
if (build.state === 'stale') {
  process.stderr.write(
    `${program}: warning: packages/optimizer/dist is older than ${build.changed}; \`npm run build\` to run the current code\n`,
  );
}
// The program reads its own arguments from process.argv.slice(2).
process.argv.splice(2, 1);
await import(pathToFileURL(file).href);
