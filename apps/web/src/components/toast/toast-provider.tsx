import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Grow from '@mui/material/Grow';
import Stack from '@mui/material/Stack';
import { TOAST_AUTO_HIDE_MS } from '@meridian/domain';
import { ToastContext, type ToastApi, type ToastSeverity } from './toast-context';

interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

/** At most this many toasts at once, so a burst of failures cannot cover the screen. */
const MAX_VISIBLE = 4;

/**
 * Renders toasts as a stack at the bottom left (the bottom right is kept for
 * the task panel); on a phone, where the task panel and the sign-in button
 * fill the width, at the top under the app bar, clear of both. Each toast
 * hides itself after TOAST_AUTO_HIDE_MS or on close.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (message: string, severity: ToastSeverity) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, severity }].slice(-MAX_VISIBLE));
      window.setTimeout(() => dismiss(id), TOAST_AUTO_HIDE_MS);
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message) => show(message, 'success'),
      error: (message) => show(message, 'error'),
      warning: (message) => show(message, 'warning'),
      info: (message) => show(message, 'info'),
    }),
    [show],
  );

  return (
    <ToastContext value={api}>
      {children}
      <Stack
        spacing={1}
        sx={{
          position: 'fixed',
          zIndex: 'snackbar',
          maxWidth: 480,
          left: { xs: 8, sm: 16 },
          right: { xs: 8, sm: 'auto' },
          top: { xs: 64, sm: 'auto' },
          bottom: { xs: 'auto', sm: 16 },
        }}
      >
        {toasts.map((toast) => (
          <Grow key={toast.id} in appear>
            <Alert
              variant="filled"
              severity={toast.severity}
              onClose={() => dismiss(toast.id)}
              data-testid="toast"
              sx={{ boxShadow: 3 }}
            >
              {toast.message}
            </Alert>
          </Grow>
        ))}
      </Stack>
    </ToastContext>
  );
}
