import { Component, type ErrorInfo, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorIcon } from '@/components/ui/icons';

type Props = {
  children: ReactNode;
  /** Names the region in the fallback, e.g. "notifications". */
  region?: string;
  /** Compact fallback for small regions such as the header. */
  compact?: boolean;
};

type State = { error: Error | null };

/** Keeps a crash inside one page region: the rest of the page stays usable and the region can retry. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.region ?? 'region'}]`, error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    const what = this.props.region
      ? `The ${this.props.region} could not be shown.`
      : 'This part of the page could not be shown.';
    if (this.props.compact) {
      return (
        <button
          type="button"
          onClick={this.reset}
          className="text-xs text-rose-600 underline dark:text-rose-400"
        >
          {what} Retry
        </button>
      );
    }
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-rose-200 bg-rose-50 p-5 dark:border-rose-900/60 dark:bg-rose-950/30"
      >
        <div className="flex items-center gap-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          <ErrorIcon className="size-5" />
          {what}
        </div>
        <Button variant="secondary" size="sm" onClick={this.reset}>
          Try again
        </Button>
      </div>
    );
  }
}
