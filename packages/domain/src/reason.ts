/**
 * A job's `reason` is one composite string (docs/data-formats.md):
 *   <candidate or assignment part> REASONING_MARKER <rationale> COMMENT_MARKER <user comment>
 * The markers are defined here once; every reader and writer goes through
 * composeReason / parseReason so that no screen splits the string its own way.
 */
export const REASONING_MARKER = ' || Reasoning: ';
export const COMMENT_MARKER = ' || Comment: ';

export interface ReasonParts {
  summary: string;
  rationale: string;
  comment: string;
}

/** Reads the three parts of a reason string; a comment of 'nan' reads as empty. */
export function parseReason(reason: string | null | undefined): ReasonParts {
  let rest = reason ?? '';
  let comment = '';
  const commentAt = rest.indexOf(COMMENT_MARKER);
  if (commentAt >= 0) {
    comment = rest.slice(commentAt + COMMENT_MARKER.length);
    rest = rest.slice(0, commentAt);
  }
  let rationale = '';
  const reasoningAt = rest.indexOf(REASONING_MARKER);
  if (reasoningAt >= 0) {
    rationale = rest.slice(reasoningAt + REASONING_MARKER.length);
    rest = rest.slice(0, reasoningAt);
  }
  if (comment.trim().toLowerCase() === 'nan') comment = '';
  return { summary: rest.trim(), rationale: rationale.trim(), comment: comment.trim() };
}

/** Writes the parts back into one reason string, omitting empty trailing parts. */
export function composeReason(parts: Partial<ReasonParts>): string {
  const comment =
    (parts.comment ?? '').trim().toLowerCase() === 'nan' ? '' : (parts.comment ?? '').trim();
  let text = (parts.summary ?? '').trim();
  if (parts.rationale?.trim()) text += REASONING_MARKER + parts.rationale.trim();
  if (comment) text += COMMENT_MARKER + comment;
  return text;
}

/** The assignment part: 'Lead: name (N mi) | Acq: name (N mi)'. */
export function assignmentSummary(
  lead: { name: string; miles: number } | null,
  acq: { name: string; miles: number } | null,
): string {
  const side = (who: { name: string; miles: number } | null) =>
    who ? `${who.name} (${Math.round(who.miles)} mi)` : 'unassigned';
  return `Lead: ${side(lead)} | Acq: ${side(acq)}`;
}
