// ESLint rule `meridian/string-key-injection`: the type-aware form of
// eslint-plugin-security's detect-object-injection.
//
// The plugin's rule reports every `obj[key]` whose key is not a literal: over a
// thousand places here, nearly all numeric indices into arrays and typed arrays
// in the optimizer, which cannot reach a prototype. Warnings nobody can act on
// train people to ignore the lint. This rule asks the TypeScript checker for
// the key's type and reports only keys that may hold an arbitrary string (string,
// any, unknown, a template literal type), the only ones that can name
// `__proto__`, `constructor` or an inherited method. Numbers, symbols and unions
// of string literals (`'lead' | 'data_acq'`) are a closed set and pass. A string
// key into a Map-like lookup is written with Map, Object.hasOwn or a
// null-prototype record, read under an `Object.hasOwn(obj, key)` guard (which
// the rule recognises), or justified inline with an eslint-disable comment.
import ts from 'typescript';

const CLOSED =
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.ESSymbolLike |
  ts.TypeFlags.StringLiteral |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.EnumLike |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Null |
  ts.TypeFlags.Never;

/** True when every value the type allows is a known, finite key. */
function isClosedKey(checker, type) {
  if (type.isUnion()) return type.types.every((t) => isClosedKey(checker, t));
  if (type.isIntersection()) return type.types.some((t) => isClosedKey(checker, t));
  if (type.flags & CLOSED) return true;
  // A type parameter (`K extends keyof T`) or an indexed access (`Record<K, number>[K]`)
  // is as closed as its constraint.
  if (type.flags & ts.TypeFlags.Instantiable) {
    const constraint = checker.getBaseConstraintOfType(type);
    return constraint !== undefined && constraint !== type && isClosedKey(checker, constraint);
  }
  return false;
}

/** The branch of `parent` that runs only when its test holds, if any. */
function guardedBranch(parent) {
  if (parent.type === 'ConditionalExpression' || parent.type === 'IfStatement')
    return parent.consequent;
  if (parent.type === 'LogicalExpression' && parent.operator === '&&') return parent.right;
  return undefined;
}

/** True inside a branch guarded by `Object.hasOwn(obj, key)` on the same object and key. */
function guardedByHasOwn(sourceCode, node) {
  const guard = `Object.hasOwn(${sourceCode.getText(node.object)}, ${sourceCode.getText(node.property)})`;
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    const test = parent.type === 'LogicalExpression' ? parent.left : parent.test;
    if (guardedBranch(parent) === child && test && sourceCode.getText(test).includes(guard)) {
      return true;
    }
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const stringKeyInjection = {
  meta: {
    type: 'problem',
    docs: { description: 'Report computed member access with an open string key' },
    schema: [],
    messages: {
      openKey:
        'The key `{{key}}` may be any string, so it can name __proto__ or an inherited member: use a Map, check Object.hasOwn, or justify it inline.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    return {
      MemberExpression(node) {
        if (!node.computed || node.property.type === 'Literal') return;
        const tsNode = services.esTreeNodeToTSNodeMap.get(node.property);
        if (isClosedKey(checker, checker.getTypeAtLocation(tsNode))) return;
        if (guardedByHasOwn(context.sourceCode, node)) return;
        context.report({
          node: node.property,
          messageId: 'openKey',
          data: { key: context.sourceCode.getText(node.property) },
        });
      },
    };
  },
};
