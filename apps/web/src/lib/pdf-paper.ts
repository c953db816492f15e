/**
 * The paper PDF exports are laid out on: US Letter, the team's own, unless
 * A4 was chosen in the export menu. The choice is kept in this browser's
 * localStorage: a paper size belongs to the printer at hand, not the account.
 */
export const PAPER_SIZES = ['letter', 'a4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

export const PAPER_LABELS: Record<PaperSize, string> = { letter: 'US Letter', a4: 'A4' };

const PAPER_KEY = 'meridian.pdf-paper';

export function readPaperSize(): PaperSize {
  try {
    return localStorage.getItem(PAPER_KEY) === 'a4' ? 'a4' : 'letter';
  } catch {
    return 'letter';
  }
}

export function storePaperSize(paper: PaperSize): void {
  try {
    localStorage.setItem(PAPER_KEY, paper);
  } catch {
    // Storage refused (a private window's quota): the choice lasts for this page only.
  }
}
