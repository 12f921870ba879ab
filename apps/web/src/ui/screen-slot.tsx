import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from './button';

/** A screen that failed to load or render, most often an old tab asking for code a deploy replaced. */
export function PageLoadError() {
  return (
    <div role="alert" className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="font-display text-3xl text-ink">This page could not be loaded</h1>
      <p className="mt-4 max-w-md text-muted">
        The shop may have just been updated, or the connection dropped. Reloading usually fixes it.
      </p>
      <div className="mt-8 flex gap-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonClass('primary')}>
          Reload the page
        </button>
        <a href="/" className={buttonClass('outline')}>
          Back to home
        </a>
      </div>
    </div>
  );
}

interface RouteErrorBoundaryProps {
  /** The address shown: going elsewhere clears the error, as leaving a broken page should. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  resetKey: string;
}

/** Keeps a broken screen from taking the whole app (and its navigation) down with it. */
class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to load', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageLoadError /> : this.props.children;
  }
}

/**
 * Where a layout shows its screen: a screen whose code is still downloading shows nothing there (the
 * router keeps the previous one on screen meanwhile), and a screen that fails shows PageLoadError
 * until the shopper goes elsewhere.
 */
export function ScreenSlot({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={null}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}
