import type { QueryClient } from '@tanstack/react-query';
import { assignmentsQueryOptions } from '../../lib/scheduling-api/get-assignments';
import { AssignmentsPage } from '../../features/assignments/components/assignments-page';
import { OptimizationControls } from '../../features/optimization/components/optimization-controls';
import { WhatIfDialog } from '../../features/what-if/components/what-if-dialog';

/**
 * Lazy route module for /assignments. Two features meet on this screen, so
 * the app composes them: the assignment table and, in its header, the
 * optimisation controls and the what-if dialog (admins and managers only).
 */
export function Component() {
  return (
    <AssignmentsPage
      actions={
        <>
          <OptimizationControls />
          <WhatIfDialog />
        </>
      }
    />
  );
}

/** Pre-navigation warms the assignment list. */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(assignmentsQueryOptions());
