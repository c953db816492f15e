import type { z } from 'zod';

/**
 * Parsing API answers with their contract schema, fast for long lists.
 *
 * The app's CSP forbids `unsafe-eval`, so zod runs its interpreter, which
 * allocates a result record for every field of every row: at 10,000 jobs that
 * was 80 to 90 ms of opening Data Management. Here a schema made only of plain
 * parts (objects, arrays, strings with length or regex checks, numbers with an
 * integer check, booleans, null, nullable, enums, literals) is turned once
 * into a checker that walks the data directly and builds the same result zod
 * would: a copy with the schema's keys only, in the schema's order. Anything
 * else in a schema (coercion, transforms, refinements, optional keys, formats,
 * catch-alls) leaves that schema to zod entirely. When the checker finds any
 * mismatch, zod parses the answer itself, so bad data gets zod's error naming
 * the path and the problem, and is never passed on as valid.
 */

const MISMATCH: unique symbol = Symbol('mismatch');
/** The schema's output for a value, or MISMATCH. */
type Checker = (value: unknown) => unknown;

interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  maximum?: number;
  minimum?: number;
  length?: number;
}

/** The parts of zod's schema definitions this file reads (zod 4's `_zod.def`). */
interface SchemaDef {
  type: string;
  coerce?: boolean;
  format?: string;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  catchall?: Schema;
}

interface Schema {
  _zod: { def: SchemaDef; values?: Set<unknown> };
}

const checkers = new WeakMap<object, Checker | null>();

/**
 * The schema's parse of `value`: the fast checker's result when the schema has
 * one and the value matches it, else zod's own parse (which throws zod's error).
 */
export function parseWithSchema<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const checker = checkerOf(schema);
  if (checker) {
    const result = checker(value);
    if (result !== MISMATCH) return result as z.infer<S>;
  }
  return schema.parse(value);
}

/** Whether the schema has a fast checker (else every parse is zod's). */
export function hasFastChecker(schema: z.ZodType): boolean {
  return checkerOf(schema) !== null;
}

function checkerOf(schema: Schema): Checker | null {
  let checker = checkers.get(schema);
  if (checker === undefined) {
    checker = compile(schema);
    checkers.set(schema, checker);
  }
  return checker;
}

function compile(schema: Schema): Checker | null {
  const def = schema._zod.def;
  if (def.coerce) return null;
  switch (def.type) {
    case 'string':
      return def.format === undefined ? stringChecker(def.checks ?? []) : null;
    case 'number':
      return numberChecker(def);
    case 'boolean':
      return noChecks(def) ? (value) => (typeof value === 'boolean' ? value : MISMATCH) : null;
    case 'null':
      return noChecks(def) ? (value) => (value === null ? value : MISMATCH) : null;
    case 'enum':
    case 'literal':
      return valuesChecker(schema);
    case 'nullable':
      return nullableChecker(def);
    case 'array':
      return arrayChecker(def);
    case 'object':
      return objectChecker(def);
    default:
      return null;
  }
}

const noChecks = (def: SchemaDef) => (def.checks ?? []).length === 0;

/** A string's length and regex checks as tests, or null for any other check. */
function stringTests(checks: { _zod: { def: CheckDef } }[]): ((value: string) => boolean)[] | null {
  const tests: ((value: string) => boolean)[] = [];
  for (const { _zod } of checks) {
    const { check, format, pattern, maximum, minimum, length } = _zod.def;
    if (check === 'string_format' && format === 'regex' && pattern instanceof RegExp) {
      tests.push((value) => {
        pattern.lastIndex = 0;
        return pattern.test(value);
      });
    } else if (check === 'max_length' && typeof maximum === 'number') {
      tests.push((value) => value.length <= maximum);
    } else if (check === 'min_length' && typeof minimum === 'number') {
      tests.push((value) => value.length >= minimum);
    } else if (check === 'length_equals' && typeof length === 'number') {
      tests.push((value) => value.length === length);
    } else {
      return null;
    }
  }
  return tests;
}

/** A string passing every check (zod runs every check, and so does this). */
function stringChecker(checks: { _zod: { def: CheckDef } }[]): Checker | null {
  const tests = stringTests(checks);
  if (!tests) return null;
  return (value) =>
    typeof value === 'string' && tests.every((test) => test(value)) ? value : MISMATCH;
}

/** Whether a number schema asks for an integer (its own format or an `.int()` check); null for other checks. */
function intNumber(def: SchemaDef): boolean | null {
  let isInt = false;
  if (def.format !== undefined) {
    if (def.format !== 'safeint') return null;
    isInt = true;
  }
  for (const { _zod } of def.checks ?? []) {
    if (_zod.def.check !== 'number_format' || _zod.def.format !== 'safeint') return null;
    isInt = true;
  }
  return isInt;
}

const isIntNumber = (def: SchemaDef) => intNumber(def) === true;

/** A finite number, or a safe integer when the schema says int. */
function numberChecker(def: SchemaDef): Checker | null {
  const isInt = intNumber(def);
  if (isInt === null) return null;
  return isInt
    ? (value) => (Number.isSafeInteger(value) ? value : MISMATCH)
    : (value) => (typeof value === 'number' && Number.isFinite(value) ? value : MISMATCH);
}

/** An enum or literal: one of the schema's own values (zod keeps them as a set). */
function valuesChecker(schema: Schema): Checker | null {
  const values = schema._zod.values;
  if (!noChecks(schema._zod.def) || !(values instanceof Set)) return null;
  return (value) => (values.has(value) ? value : MISMATCH);
}

function nullableChecker(def: SchemaDef): Checker | null {
  const inner = def.innerType && noChecks(def) ? checkerOf(def.innerType) : null;
  if (!inner) return null;
  return (value) => (value === null ? null : inner(value));
}

/**
 * An array with no length checks. The items' results are the items
 * themselves where they already match exactly; a new array only when some
 * item had to be copied.
 */
function arrayChecker(def: SchemaDef): Checker | null {
  const element = def.element && noChecks(def) ? checkerOf(def.element) : null;
  if (!element) return null;
  return (value) => {
    if (!Array.isArray(value)) return MISMATCH;
    const items: readonly unknown[] = value;
    let result: unknown[] | null = null;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const checked = element(item);
      if (checked === MISMATCH) return MISMATCH;
      if (checked !== item) result ??= items.slice();
      if (result) result[i] = checked;
    }
    return result ?? items;
  };
}

/** Field kinds, as small integers so the field loop's switch stays cheap. */
const Kind = { String: 0, Int: 1, Number: 2, Boolean: 3, Null: 4, Values: 5, Nested: 6 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

/** How one field of an object is checked: a kind switched on in one loop, so the loop stays monomorphic. */
interface FieldPlan {
  kind: Kind;
  isNullable: boolean;
  test: ((value: string) => boolean) | null;
  values: Set<unknown> | null;
  nested: Checker | null;
}

function fieldPlan(schema: Schema): FieldPlan | null {
  let def = schema._zod.def;
  let isNullable = false;
  let inner = schema;
  if (def.type === 'nullable' && def.innerType && noChecks(def)) {
    isNullable = true;
    inner = def.innerType;
    def = inner._zod.def;
  }
  const plan: FieldPlan = { kind: Kind.Nested, isNullable, test: null, values: null, nested: null };
  const checker = checkerOf(inner);
  if (!checker) return null;
  if (def.type === 'string') {
    const tests = stringTests(def.checks ?? []);
    if (!tests) return null;
    const [only] = tests;
    const test =
      tests.length === 0
        ? null
        : tests.length === 1 && only
          ? only
          : (value: string) => tests.every((t) => t(value));
    return { ...plan, kind: Kind.String, test };
  }
  if (def.type === 'number') return { ...plan, kind: isIntNumber(def) ? Kind.Int : Kind.Number };
  if (def.type === 'boolean') return { ...plan, kind: Kind.Boolean };
  if (def.type === 'null') return { ...plan, kind: Kind.Null };
  if ((def.type === 'enum' || def.type === 'literal') && inner._zod.values)
    return { ...plan, kind: Kind.Values, values: inner._zod.values };
  return { ...plan, nested: checker };
}

/** Whether one field's value passes its plan; a nested value's result is checked by the caller. */
function passes(plan: FieldPlan, item: unknown): boolean {
  if (item === null && (plan.isNullable || plan.kind === Kind.Null)) return true;
  switch (plan.kind) {
    case Kind.String:
      return typeof item === 'string' && (plan.test === null || plan.test(item));
    case Kind.Int:
      return Number.isSafeInteger(item);
    case Kind.Number:
      return typeof item === 'number' && Number.isFinite(item);
    case Kind.Boolean:
      return typeof item === 'boolean';
    case Kind.Values:
      return plan.values !== null && plan.values.has(item);
    case Kind.Null:
      return false;
    case Kind.Nested:
      return true;
  }
}

/**
 * An object that strips unknown keys (zod's default). Zod answers a new
 * object holding the schema's keys; here an object that already holds exactly
 * those keys, all valid, is answered as it is (the caller parses a fresh
 * JSON answer nobody else holds), and any other valid object gets a copy with
 * the schema's keys in the schema's order, as zod makes. Every supported field
 * refuses `undefined`, so a missing key is a mismatch, as it is for zod.
 */
function objectChecker(def: SchemaDef): Checker | null {
  if (def.catchall !== undefined || !noChecks(def) || !def.shape) return null;
  const keys: string[] = [];
  const plans: FieldPlan[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const plan = key === '__proto__' ? null : fieldPlan(field);
    if (!plan || plan.values?.has(undefined)) return null;
    keys.push(key);
    plans.push(plan);
  }
  const copy = (input: Record<string, unknown>): unknown => {
    const result: Record<string, unknown> = {};
    for (const [i, key] of keys.entries()) {
      const item = Object.hasOwn(input, key) ? input[key] : undefined;
      const { nested, isNullable } = plans[i]!;
      // eslint-disable-next-line meridian/string-key-injection -- key is one of the schema's own keys, never '__proto__'
      result[key] = nested && !(item === null && isNullable) ? nested(item) : item;
    }
    return result;
  };
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return MISMATCH;
    const input = value as Record<string, unknown>;
    let isExact = true;
    for (let i = 0; i < keys.length; i++) {
      const plan = plans[i]!;
      // A key the object lacks reads as undefined (no supported field accepts it) or as an
      // inherited member (a function, which none accepts either).
      // eslint-disable-next-line meridian/string-key-injection -- key is one of the schema's own keys, never '__proto__'
      const item = input[keys[i]!];
      if (!passes(plan, item)) return MISMATCH;
      if (plan.nested && !(item === null && plan.isNullable)) {
        const checked = plan.nested(item);
        if (checked === MISMATCH) return MISMATCH;
        if (checked !== item) isExact = false;
      }
    }
    return isExact && keyCount(input) === keys.length ? input : copy(input);
  };
}

/**
 * The object's enumerable keys, own and inherited, counted without allocating
 * (Object.keys would make an array per row). An inherited key only makes the
 * count larger, which sends the object to the copy; zod itself reads fields
 * through the prototype chain, as the field loop above does.
 */
function keyCount(input: object): number {
  let count = 0;
  for (const _key in input) count++;
  return count;
}
