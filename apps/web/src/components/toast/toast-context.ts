import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'error' | 'warning' | 'info';

/** The app's one notification system: every success and failure message goes through it. */
export interface ToastApi {
  show: (message: string, severity: ToastSeverity) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** Shows toasts; they auto-hide after TOAST_AUTO_HIDE_MS. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
