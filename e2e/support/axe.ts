import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, injected into the page under test (never fetched). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The impacts that fail the suite (the target: none of these anywhere). */
const FAILING = new Set(['critical', 'serious']);

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe on the page once its finite animations and transitions have ended (every rule
 * axe runs by default, WCAG 2.1 A and AA among them) and returns one line per critical or
 * serious finding, prefixed with `where`; empty when there is none. Only violations are
 * collected in full (axe's `resultTypes`): every rule still runs on every node, but the
 * passes, which the verdict never reads, are not gathered.
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  // What the user sees once it stops moving: a tooltip fading in (its opacity part-way) is
  // measured by axe as text of too little contrast.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Run = (context: Document, options: { resultTypes: string[] }) => Promise<unknown>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: AxeViolation[];
    };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact !== null && FAILING.has(v.impact))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${where}: ${v.impact} ${v.id} (${v.help}) at ${node.target.join(' ')}: ${node.html.slice(0, 160)} ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`,
      ),
    );
}
