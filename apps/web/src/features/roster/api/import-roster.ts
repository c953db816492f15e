import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { RosterImportResultSchema } from '@meridian/contracts';
import { uploadFile } from '../../../lib/api-files';
import { invalidateScheduling } from '../../../lib/query-keys';

/** Which roster list a CSV import fills. */
export type RosterKind = 'physicists' | 'kits';

/** POST /api/v1/physicists/import or /api/v1/kits/import (multipart CSV). */
export const importRoster = ({ kind, file }: { kind: RosterKind; file: File }) =>
  uploadFile(`/${kind}/import`, file, RosterImportResultSchema);

/** The mutation and the caches its answer makes stale (options, so a test can run them). */
export const importRosterMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: importRoster,
    // Imported zips may be new to the zip table the distances read.
    onSuccess: (_, { kind }) => invalidateScheduling(queryClient, kind, 'zipData'),
  });

export const useImportRoster = () => useMutation(importRosterMutation(useQueryClient()));
