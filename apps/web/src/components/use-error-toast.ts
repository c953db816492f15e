import { useEffect } from 'react';
import { useToast } from './toast/toast-context';

/** Toasts a load failure once per failed request (the page also shows it inline). */
export function useErrorToast(error: unknown, message: string): void {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(message);
  }, [error, message, toast]);
}
