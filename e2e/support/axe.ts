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

/** The most scans one check makes: one more each time the page moved while axe read it. */
const SCANS = 3;

/**
 * Runs axe on the page once its finite animations and transitions have ended (every rule
 * axe runs by default, WCAG 2.1 A and AA among them) and returns one line per critical or
 * serious finding, prefixed with `where`; empty when there is none. Only violations are
 * collected in full (axe's `resultTypes`): every rule still runs on every node, but the
 * passes, which the verdict never reads, are not gathered. A scan during which a transition
 * or animation started is made again (up to SCANS in all): a button that an answer enabled
 * mid-scan still wore its disabled colours, part-way through their transition, and axe read
 * them as text of too little contrast on a button no longer disabled.
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  let violations: AxeViolation[] = [];
  for (let scan = 1; scan <= SCANS; scan++) {
    await untilStill(page);
    const result = await page.evaluate(async () => {
      type Run = (context: Document, options: { resultTypes: string[] }) => Promise<unknown>;
      const axe = (window as unknown as { axe: { run: Run } }).axe;
      let moved = false;
      const mark = () => {
        moved = true;
      };
      document.addEventListener('transitionstart', mark, true);
      document.addEventListener('animationstart', mark, true);
      try {
        const found = (await axe.run(document, { resultTypes: ['violations'] })) as {
          violations: AxeViolation[];
        };
        return { violations: found.violations, moved };
      } finally {
        document.removeEventListener('transitionstart', mark, true);
        document.removeEventListener('animationstart', mark, true);
      }
    });
    violations = result.violations;
    if (!result.moved) break;
  }
  return violations
    .filter((v) => v.impact !== null && FAILING.has(v.impact))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${where}: ${v.impact} ${v.id} (${v.help}) at ${node.target.join(' ')}: ${node.html.slice(0, 160)} ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`,
      ),
    );
}

/**
 * Waits for what the user sees once it stops moving: a tooltip fading in (its opacity
 * part-way) is measured by axe as text of too little contrast.
 */
async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}
