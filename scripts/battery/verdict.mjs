// How a row's "met" is decided. A row that claims a target states the number
// of samples it rests on; with fewer than MIN_SAMPLES it cannot claim the
// target met and says 'too few' instead. A miss is a miss at any sample size:
// one table left half-written, or one refusal over its bound, refutes the
// target however few samples were taken.
export const MIN_SAMPLES = 20;

/** true (met), false (missed) or 'too few' (met by fewer than MIN_SAMPLES samples). */
export function verdict(ok, n) {
  if (!ok) return false;
  if (n !== undefined && n < MIN_SAMPLES) return 'too few';
  return true;
}

/** The rows' record function: each row with its check, sample size, measure, target and verdict. */
export function recorder(rows) {
  return (check, measured, target, ok, n) =>
    rows.push({ check, n: n ?? null, measured, target, ok: verdict(ok, n) });
}

/** The 99th percentile of `list` (nearest rank), 0 for an empty list. */
export const p99 = (list) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(list.length * 0.99) - 1)] ??
  0;

/**
 * The load part's judgement of one autocannon run: every answer's status must
 * be one the target may give (`allowed`), there must be answers that did the
 * work (2xx), and no request may end in a connection error or a timeout.
 * Answers { ok, unexpected } where `unexpected` counts answers by status
 * outside `allowed`.
 */
export function judgeAnswers(byCode, allowed, errors, timeouts) {
  const unexpected = Object.fromEntries(
    Object.entries(byCode).filter(([code, count]) => count > 0 && !allowed.includes(Number(code))),
  );
  const served = Object.entries(byCode)
    .filter(([code]) => Number(code) >= 200 && Number(code) < 300)
    .reduce((sum, [, count]) => sum + count, 0);
  const ok = Object.keys(unexpected).length === 0 && served > 0 && errors === 0 && timeouts === 0;
  return { ok, unexpected, served };
}
