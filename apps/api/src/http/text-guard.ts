import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';

/** C0 control characters other than tab (U+0009), LF (U+000A) and CR (U+000D). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** A UTF-16 surrogate without its partner: not a Unicode character, so not valid text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How deep the guard looks into a body (schemas refuse anything deeper anyway). */
const MAX_DEPTH = 32;

/**
 * Why a text input is refused, or null when it is fine. Text is valid Unicode
 * without NUL or other C0 controls except tab, CR and LF (docs/security.md,
 * finding 1 of the 2026-11-28 review): PostgreSQL cannot store NUL in text
 * (22021) and the other controls are never meant in a name, a comment or a
 * zip code.
 */
export function textProblem(value: string): string | null {
  const control = FORBIDDEN_CONTROL.exec(value);
  if (control !== null) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return `contains the control character U+${code}; text may hold no control characters but tab, CR and LF`;
  }
  if (LONE_SURROGATE.test(value)) return 'is not valid Unicode (a lone surrogate)';
  return null;
}

/** The first string (value or key) under `value` that textProblem refuses, with its dotted path. */
export function findBadText(
  value: unknown,
  path = '',
  depth = 0,
): { field: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem === null ? null : { field: path, problem };
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const field = path === '' ? key : `${path}.${key}`;
    const keyProblem = textProblem(key);
    if (keyProblem !== null) return { field: path, problem: `has a key that ${keyProblem}` };
    const found = findBadText(item, field, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** 400 naming the field of `where` (body, query, path, form field) whose text is refused. */
export function refuseBadText(where: string, value: unknown): void {
  const found = findBadText(value);
  if (found === null) return;
  // The field's path comes from the client's keys: cut so a huge key is not echoed back.
  const field = found.field.slice(0, 100);
  throw badRequest(
    field === ''
      ? `Invalid ${where}: ${found.problem}`
      : `Invalid ${where} field '${field}': ${found.problem}`,
  );
}

/**
 * One guard at the edge: every string in a parsed body (JSON or form), the
 * query and the path parameters is checked before schema validation, so no
 * route sees NUL, another C0 control or a lone surrogate (and the database
 * never answers 22021 with a 500). Runs after authentication, like validation.
 * Files are checked where their rows become fields (io/record-text.ts) and
 * multipart field values and file names where uploads are read.
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseBadText('path', request.params);
      refuseBadText('query', request.query);
      refuseBadText('body', request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** Multipart field values and the file name of an upload, checked like any other text input. */
export function refuseBadMultipartText(file: {
  filename: string;
  fields: Record<string, unknown>;
}): void {
  const problem = textProblem(file.filename);
  if (problem !== null) throw badRequest(`Invalid file name: it ${problem}`);
  for (const [name, part] of Object.entries(file.fields)) {
    const parts = Array.isArray(part) ? part : [part];
    for (const one of parts) {
      const value = (one as { type?: string; value?: unknown } | undefined)?.value;
      if ((one as { type?: string } | undefined)?.type !== 'field' || typeof value !== 'string')
        continue;
      const fieldProblem = textProblem(name) ?? textProblem(value);
      if (fieldProblem !== null)
        throw badRequest(`Invalid form field '${name.slice(0, 64)}': ${fieldProblem}`);
    }
  }
}
