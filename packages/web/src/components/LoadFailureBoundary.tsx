import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What shows instead of the children once they failed (it must not itself load anything). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failure to load or draw a part of the app (a code chunk that cannot be downloaded
 * while the server is unreachable) from unmounting everything: the part is replaced by its
 * fallback, and the rest of the screen stays.
 */
export class LoadFailureBoundary extends Component<Props, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
