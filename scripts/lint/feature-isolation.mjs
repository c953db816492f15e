// ESLint rule `meridian/feature-isolation`: a web feature (apps/web/src/features/<name>/)
// never imports another feature. Shared code lives in components/ and lib/, and
// app/ composes features into screens (docs/ARCHITECTURE.md, after
// bulletproof-react), so a feature can be changed or removed without reading
// the others.
import path from 'node:path';

/** The feature folder name a file lies in, or null. */
const featureOf = (file, featuresRoot) => {
  const relative = path.relative(featuresRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name] = relative.split(path.sep);
  return name === undefined || name === '' ? null : name;
};

/** @type {import('eslint').Rule.RuleModule} */
export const featureIsolation = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features do not import each other; app/ composes them' },
    schema: [
      {
        type: 'object',
        properties: { featuresRoot: { type: 'string' } },
        required: ['featuresRoot'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossing:
        "'{{specifier}}' reaches features/{{target}} from features/{{own}}: features do not import each other; move the shared part to components/ or lib/, or compose the two in app/ (docs/ARCHITECTURE.md).",
    },
  },
  create(context) {
    const featuresRoot = path.resolve(context.options[0].featuresRoot);
    const filename = path.resolve(context.physicalFilename ?? context.filename);
    const own = featureOf(filename, featuresRoot);
    if (own === null) return {};
    const checkSource = (node) => {
      const specifier = node.source?.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(filename), specifier), featuresRoot);
      if (target !== null && target !== own) {
        context.report({
          node: node.source,
          messageId: 'crossing',
          data: { specifier, target, own },
        });
      }
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
    };
  },
};
