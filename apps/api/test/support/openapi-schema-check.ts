import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './openapi-arbitraries';

// Judges an answer's body against the schema the served OpenAPI document gives it
// (apps/api/test/openapi-walk.test.ts), with ajv and its formats.

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);

/** OpenAPI 3.0's `nullable` as JSON Schema: the schema, or null. */
function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    // Under properties every key is a name, not a keyword.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, jsonSchemaOf(v)]))
        : jsonSchemaOf(value);
  }
  if ((schema as { nullable?: boolean }).nullable !== true) return out;
  const values: unknown = out.enum;
  if (Array.isArray(values) && !values.includes(null)) out.enum = [...(values as unknown[]), null];
  return { anyOf: [out, { type: 'null' }] };
}

const compiled = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();

/** Where `value` differs from `schema`, or null. */
export function schemaProblem(schema: JsonSchema, value: unknown): string | null {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(jsonSchemaOf(schema) as object);
    compiled.set(schema, validate);
  }
  if (validate(value)) return null;
  return ajv.errorsText(validate.errors);
}
