import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RestoreConflictBodySchema,
  RestoreResultSchema,
  type RestoreConflict,
} from '@meridian/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateScheduling, queryKeys } from '../../../lib/query-keys';

/** A 409 naming the slots changed since the run: force would overwrite them. */
export class RestoreConflictError extends Error {
  constructor(
    message: string,
    readonly conflicts: RestoreConflict[],
  ) {
    super(message);
    this.name = 'RestoreConflictError';
  }
}

/**
 * POST /api/v1/runs/{id}/restore. A 409 with conflicts becomes a
 * RestoreConflictError; a 409 without them (a scheduling rule would break)
 * stays an ApiError with the server's sentence, since force cannot help.
 */
export async function restoreRun(id: number, force: boolean) {
  try {
    return await apiRequest(`/runs/${id}/restore`, RestoreResultSchema, {
      method: 'POST',
      json: { force },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const parsed = RestoreConflictBodySchema.safeParse(error.body);
      if (parsed.success) throw new RestoreConflictError(parsed.data.detail, parsed.data.conflicts);
    }
    throw error;
  }
}

/** Undoes a run; the assignment table (and the history under its key), jobs and analytics reload. */
export const useRestoreRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) => restoreRun(id, force),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.analytics });
      await invalidateScheduling(queryClient, 'assignments', 'jobs', 'kits');
    },
    // A refusal means the plan moved since this screen loaded it: show the plan as it is now.
    onError: (error) => {
      if (error instanceof RestoreConflictError)
        void invalidateScheduling(queryClient, 'assignments');
    },
  });
};
