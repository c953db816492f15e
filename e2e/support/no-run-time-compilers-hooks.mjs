// ESM resolve hook of no-run-time-compilers.mjs (module.register runs it off-thread).
const FORBIDDEN = /^(?:tsx|esbuild|@esbuild\/[^/]+)(?:\/|$)/;
const FORBIDDEN_URL = /\/node_modules\/(?:tsx|esbuild|@esbuild)\//;

export async function resolve(specifier, context, next) {
  if (FORBIDDEN.test(specifier)) {
    throw new Error(`run-time compiler refused: import('${specifier}')`);
  }
  const resolved = await next(specifier, context);
  if (FORBIDDEN_URL.test(resolved.url)) {
    throw new Error(`run-time compiler refused: ${resolved.url}`);
  }
  return resolved;
}
