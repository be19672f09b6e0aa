import { Component, type ReactNode } from 'react';
import { PageErrorView } from './RouteErrorPage';

interface PageErrorBoundaryProps {
  /** A new path starts clean: the user left the page that failed. */
  pathname: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  pathname: string;
  failed: boolean;
}

/**
 * Keeps a page's error inside the page area, so the top bar and the menus stay usable. The routes'
 * own error elements catch errors while a page renders; this one sits above the routed view, which
 * is re-created on every path (RoutedView), so it also catches what a page throws while it is
 * being left (an effect's cleanup), which React reports to the nearest boundary still mounted:
 * without it, that was the shell's own error element, and the whole app went blank.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(): Partial<PageErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: PageErrorBoundaryProps,
    state: PageErrorBoundaryState,
  ): Partial<PageErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <PageErrorView /> : this.props.children;
  }
}
