import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';

/** Toasts 'Failed to fetch admin data: ' once per failed load of an admin query. */
export function useFetchFailureToast(error: unknown): void {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(`Failed to fetch admin data: ${errorMessage(error)}`);
  }, [error, toast]);
}
