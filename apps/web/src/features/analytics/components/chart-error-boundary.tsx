import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';

interface State {
  hasError: boolean;
}

/** Keeps a failing chart from taking the dashboard down; shows the spec's message instead. */
export class ChartErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Analytics chart failed', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? (
      <Alert severity="error">An error occurred while generating analytics charts.</Alert>
    ) : (
      this.props.children
    );
  }
}
