import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../../ui/button';
import { NotFoundPage } from './not-found';

/** A screen that failed to load or render, most often an old tab asking for code a deploy replaced. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('A page failed to load', error);
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
