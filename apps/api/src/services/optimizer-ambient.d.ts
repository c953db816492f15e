// The optimizer declares its untyped solver library in an ambient file that
// only its own tsconfig includes; the API type-checks the optimizer's sources
// through its imports, so it needs that declaration too.
/// <reference path="../../../../packages/optimizer/src/exact/logic-solver.d.ts" />
