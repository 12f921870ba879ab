import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from './button';
import { useHydrated } from './use-hydrated';

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
 * A page the server rendered is on screen before the app runs (which is after it has painted): until
 * then its buttons, fields and menus would do nothing when used (and a form would be sent by the browser
 * itself, password in the address bar), so they are disabled, all at once by this fieldset (`contents`
 * keeps it out of the layout). Its links work without the app. It sits inside each screen's Suspense
 * boundary because React hydrates such a boundary after the shell around it: a choice made in the
 * meantime would be undone when the boundary hydrates. Only the fieldset renders again when the
 * boundary is hydrated: its children are the same elements, so React leaves the page under it as it is.
 */
function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
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
      <Suspense fallback={null}>
        <DisabledUntilHydrated>{children}</DisabledUntilHydrated>
      </Suspense>
    </RouteErrorBoundary>
  );
}
