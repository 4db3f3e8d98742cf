import { Component, type ReactNode } from "react";
import { ErrorScreen } from "./ErrorScreen";

interface Props {
  /** Changes with every navigation, so leaving a failed page (or opening it again) tries again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  // Wrapped, because anything can be thrown, undefined and null included.
  failure: { error: unknown } | null;
  resetKey: string;
}

/** Shows the error screen instead of a page that failed to render or whose code failed to load. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failure ? <ErrorScreen error={this.state.failure.error} /> : this.props.children;
  }
}
