// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each
// text file of a web build, for the API's static serving to send as they are
// (apps/api/src/http/static-web.ts, @fastify/static's preCompressed). Done once
// per build at the highest levels, where compressing on every request would
// have to settle for a fast, larger encoding. Files under 1 KiB, or that
// would not shrink, keep only their plain copy.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map']);
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses the build in `dir`; answers the plain and brotli byte totals. */
export function precompress(dir) {
  let plain = 0;
  let brotli = 0;
  for (const file of files(dir)) {
    if (!TEXT.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    plain += body.length;
    brotli += Math.min(br.length, body.length);
  }
  return { plain, brotli };
}
