import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RosterImportResultSchema } from '@meridian/contracts';
import { uploadFile } from '../../../lib/api-files';
import { schedulingKeys } from '../../../lib/scheduling-keys';

/** Which roster list a CSV import fills. */
export type RosterKind = 'physicists' | 'kits';

/** POST /api/v1/physicists/import or /api/v1/kits/import (multipart CSV). */
export const importRoster = ({ kind, file }: { kind: RosterKind; file: File }) =>
  uploadFile(`/${kind}/import`, file, RosterImportResultSchema);

export const useImportRoster = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRoster,
    onSuccess: (_, { kind }) => queryClient.invalidateQueries({ queryKey: schedulingKeys[kind] }),
  });
};
