import { Component, type ComponentType, type ReactNode } from 'react';

interface Props {
  /** A new value (the location key) clears a caught error: navigating away recovers. */
  resetKey: string;
  fallback: ComponentType<{ error: unknown }>;
  /** Rendered after the fallback too (the router's scroll handling). */
  after?: ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

/** Catches a screen that throws or whose chunk fails to load, and shows `fallback` in its place. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  override render() {
    const Fallback = this.props.fallback;
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <Fallback error={this.state.error} />
        {this.props.after}
      </>
    );
  }
}
