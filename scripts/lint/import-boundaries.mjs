// ESLint rule `meridian/import-boundaries`: the architecture's import arrows
// (docs/ARCHITECTURE.md) as one rule with one table, so no later config block
// can silently replace an earlier ban (which is what happened with several
// `no-restricted-imports` settings: the last one matching a file wins).
//
// Each import is resolved to the workspace folder it lands in, whether it is
// written as a package name (`@meridian/api`, `@meridian/api/src/app`) or as a
// relative path (`../../../api/src/app`), so a path cannot dodge a ban that a
// name would meet. Bare names of other packages are checked against the zone's
// list of banned third-party packages.
import path from 'node:path';
import { featureIsolation } from './feature-isolation.mjs';
import { stringKeyInjection } from './string-key-injection.mjs';

/**
 * @typedef {object} Zone
 * @property {string} name          short name used in `mayImport` and messages
 * @property {string} folder        folder relative to the repository root
 * @property {string} packageName   its workspace package name
 * @property {string[]} mayImport   other zones it may import (its own folder is always allowed)
 * @property {string[]} [bannedPackages] third-party packages it must not import
 * @property {string[]} [entryPoints] if set, the only specifiers by which another zone
 *   may import it (its package.json `exports`); a deeper name or a relative path is refused
 */

const packageNameOf = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

const isInside = (file, folder) => file === folder || file.startsWith(folder + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the architecture import arrows between workspace folders' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: { type: 'array', items: { type: 'object' } },
        },
        required: ['root', 'zones'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossing:
        "'{{specifier}}' reaches {{target}}, which {{zone}} may not import ({{rule}}; docs/ARCHITECTURE.md).",
      banned: "'{{specifier}}' may not be imported in {{zone}} ({{rule}}; docs/ARCHITECTURE.md).",
      internal:
        "'{{specifier}}' reaches inside {{target}}, which {{zone}} may import only as {{entries}} (docs/ARCHITECTURE.md).",
    },
  },
  create(context) {
    /** @type {{ root: string, zones: Zone[] }} */
    const { root, zones } = context.options[0];
    const folders = zones.map((zone) => ({ zone, folder: path.resolve(root, zone.folder) }));
    const byPackage = new Map(zones.map((zone) => [zone.packageName, zone]));
    const zoneOfFile = (file) => folders.find(({ folder }) => isInside(file, folder))?.zone;

    const filename = path.resolve(context.physicalFilename ?? context.filename);
    const zone = zoneOfFile(filename);
    if (zone === undefined) return {};
    const rule =
      zone.mayImport.length === 0
        ? `${zone.name} imports nothing of ours`
        : `${zone.name} may import only ${zone.mayImport.join(', ')}`;

    /** The zone an import lands in, or undefined for a third-party module or an unzoned file. */
    const targetOf = (specifier) => {
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const resolved = path.resolve(path.dirname(filename), specifier);
        // A path through node_modules/@meridian/x is the workspace package x.
        const viaModules = resolved.split(`${path.sep}node_modules${path.sep}`);
        if (viaModules.length > 1) {
          return byPackage.get(packageNameOf(viaModules.at(-1).split(path.sep).join('/')));
        }
        return zoneOfFile(resolved);
      }
      return byPackage.get(packageNameOf(specifier));
    };

    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = targetOf(specifier);
      if (target !== undefined) {
        if (target !== zone && !zone.mayImport.includes(target.name)) {
          context.report({
            node,
            messageId: 'crossing',
            data: { specifier, target: target.name, zone: zone.name, rule },
          });
        } else if (
          target !== zone &&
          target.entryPoints !== undefined &&
          !target.entryPoints.includes(specifier)
        ) {
          context.report({
            node,
            messageId: 'internal',
            data: {
              specifier,
              target: target.name,
              zone: zone.name,
              entries: target.entryPoints.map((e) => `'${e}'`).join(' or '),
            },
          });
        }
        return;
      }
      const name = specifier.startsWith('.') ? null : packageNameOf(specifier);
      if (name !== null && (zone.bannedPackages ?? []).includes(name)) {
        context.report({
          node,
          messageId: 'banned',
          data: { specifier, zone: zone.name, rule: `${zone.name} never uses ${name}` },
        });
      }
    };
    const checkSource = (node) => {
      if (node.source?.type === 'Literal') check(node.source, node.source.value);
    };

    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      // import x = require('...')
      TSExternalModuleReference: (node) => {
        if (node.expression.type === 'Literal') check(node.expression, node.expression.value);
      },
      // typeof import('...') in a type position
      TSImportType: (node) => {
        const argument = node.argument;
        if (argument?.type === 'TSLiteralType' && argument.literal.type === 'Literal') {
          check(argument.literal, argument.literal.value);
        }
      },
      // require('...') in CommonJS scripts
      CallExpression: (node) => {
        const [first] = node.arguments;
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'require' &&
          first?.type === 'Literal'
        ) {
          check(first, first.value);
        }
      },
    };
  },
};

/** The plugin object for eslint.config.js. */
export const meridianLintPlugin = {
  rules: {
    'import-boundaries': importBoundaries,
    'feature-isolation': featureIsolation,
    'string-key-injection': stringKeyInjection,
  },
};
