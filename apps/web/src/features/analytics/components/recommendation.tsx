import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { Recommendation } from '../comparison-ranking';
import { labelOf } from '../run-figures';

/**
 * The comparison's verdict: the algorithm with the lowest F, its plan in
 * plain figures, and why in words. While the comparison runs it is the best so far.
 */
export function RecommendationNote({
  recommendation,
  isFinal,
}: {
  recommendation: Recommendation;
  isFinal: boolean;
}) {
  const name = labelOf(recommendation.algorithm);
  return (
    <Alert
      severity={isFinal ? 'success' : 'info'}
      variant="outlined"
      sx={{ mb: 2 }}
      data-testid="comparison-recommendation"
    >
      <AlertTitle>{isFinal ? `Recommended: ${name}` : `Best so far: ${name}`}</AlertTitle>
      {recommendation.plan} {recommendation.why}
    </Alert>
  );
}
