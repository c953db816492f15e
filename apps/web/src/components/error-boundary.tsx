import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches render errors outside the router (providers, theme); errors inside
 * a route are caught by the router's errorElement, which shows the same page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
