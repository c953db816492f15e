// Minimal types for logic-solver 2.0 (MiniSat compiled to asm.js). cp_sat now
// calls it only from its plain-JS thread (minisat-worker.mjs), so no TypeScript
// file imports it; the file stays because apps/api's optimizer-ambient.d.ts
// references it by path (both can go together).
declare module 'logic-solver' {
  export type Formula = string | object;
  interface Bits {
    readonly bits: Formula[];
  }
  interface Solution {
    getTrueVars(): string[];
    evaluate(formula: Formula): boolean;
    getWeightedSum(formulas: Formula[], weights: number[] | number): number;
  }
  class Solver {
    /** Creates the variable if needed (minimizeWeightedSum evaluates every term's variables). */
    getVarNum(name: string): number;
    require(...formulas: (Formula | Formula[])[]): void;
    forbid(...formulas: (Formula | Formula[])[]): void;
    solve(): Solution | null;
    solveAssuming(formula: Formula): Solution | null;
    minimizeWeightedSum(solution: Solution, terms: Formula[], weights: number[] | number): Solution;
  }
  const Logic: {
    Solver: typeof Solver;
    not(f: Formula): Formula;
    or(...f: (Formula | Formula[])[]): Formula;
    and(...f: (Formula | Formula[])[]): Formula;
    atMostOne(...f: (Formula | Formula[])[]): Formula;
    implies(a: Formula, b: Formula): Formula;
    sum(...f: (Formula | Formula[])[]): Bits;
    constantBits(n: number): Bits;
    greaterThanOrEqual(a: Bits, b: Bits): Formula;
  };
  export default Logic;
}
