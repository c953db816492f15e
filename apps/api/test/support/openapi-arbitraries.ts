import fc from 'fast-check';

/** A JSON Schema node of the served OpenAPI 3.0 document (the keywords zod emits). */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const low =
    schema.minimum ??
    (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined);
  const high =
    schema.maximum ??
    (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined);
  const min = Math.max(low ?? -1e9, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(high ?? 1e9, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    const max = schema.maxLength ?? 200;
    return fc
      .stringMatching(pattern)
      .filter((s) => s.length <= max && s.length >= (schema.minLength ?? 0));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((s) => s.length <= (schema.maxLength ?? 320));
    case 'date':
      return fc
        .date({ min: new Date('2025-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2025-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    case undefined:
    default:
      return fc.string({ minLength, maxLength, unit: 'grapheme' });
  }
}

/** Values that satisfy `schema` (as far as these keywords say). */
export function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (schema === undefined || depth > 6) return fc.constant(null);
  const plain = plainValueOf(schema, depth);
  return schema.nullable === true
    ? fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: fc.constant(null) })
    : plain;
}

function plainValueOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options !== undefined) return fc.oneof(...options.map((o) => valueOf(o, depth + 1)));
  if (schema.allOf !== undefined) return valueOf(schema.allOf[0], depth + 1);
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.oneof(
        integerOf(schema),
        fc.double({
          min: schema.minimum ?? -1e6,
          max: schema.maximum ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object':
    case undefined: {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        model[key] = valueOf(property, depth + 1);
      }
      return fc.record(model, {
        requiredKeys: (schema.required ?? []).filter((k) => k in properties),
      });
    }
    default:
      return fc.constant(null);
  }
}

/** Hostile strings: NUL and other C0 controls, a lone surrogate, huge text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', 'x\u0001y', 'tab\u000bvt', '\u001f', 'bad\ud800'),
  fc.integer({ min: 0, max: 31 }).map((c) => `name${String.fromCharCode(c)}end`),
  fc.constantFrom('x'.repeat(100_000), '9'.repeat(5_000), 'é'.repeat(20_000)),
);

/** Path ids that are not plain decimal digits, or not any row's. */
export const oddId: fc.Arbitrary<string> = fc.constantFrom(
  '0x10',
  '1e1',
  '+10',
  '10.0',
  '010',
  '-1',
  '0',
  ' 1',
  '1%00',
  '99999999999999999999999',
  '2147483648',
  'abc',
  '%E2%82%AC',
  'x'.repeat(150),
);

/** Values of the wrong type for `schema`. */
export function wrongValuesFor(schema: JsonSchema | undefined): unknown[] {
  const type = schema?.type;
  const all: unknown[] = ['text', 42, 1.5, true, null, [], {}, [1, 'a'], { nested: { x: 1 } }];
  return all.filter((v) => {
    if (v === null && schema?.nullable === true) return false;
    if (type === 'string') return typeof v !== 'string';
    if (type === 'integer') return !Number.isInteger(v);
    if (type === 'number') return typeof v !== 'number';
    if (type === 'boolean') return typeof v !== 'boolean';
    if (type === 'array') return !Array.isArray(v);
    if (type === 'object') return v === null || typeof v !== 'object' || Array.isArray(v);
    return true;
  });
}
