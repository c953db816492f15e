import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { assignmentsQueryOptions } from '../../lib/scheduling-api/get-assignments';
import { AssignmentsPage } from '../../features/assignments/components/assignments-page';
import { OptimizationControls } from '../../features/optimization/components/optimization-controls';
import { PlanHistoryPanel } from '../../features/plan-history/components/plan-history-panel';
import { WhatIfDialog } from '../../features/what-if/components/what-if-dialog';

/**
 * Lazy route module for /assignments. Several features meet on this screen,
 * so the app composes them: the assignment table; in its header the
 * optimisation controls and the what-if dialog (admins and managers only);
 * above it the plan history, whose chosen run marks the rows it changed.
 */
export function Component() {
  const [highlighted, setHighlighted] = useState<ReadonlySet<number> | null>(null);
  return (
    <AssignmentsPage
      actions={
        <>
          <OptimizationControls />
          <WhatIfDialog />
        </>
      }
      aside={<PlanHistoryPanel onHighlight={setHighlighted} />}
      highlighted={highlighted}
    />
  );
}

/** Pre-navigation warms the assignment list. */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(assignmentsQueryOptions());
