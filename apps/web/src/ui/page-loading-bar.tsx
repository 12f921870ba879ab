import { usePageLoading } from '../lib/lazy-page';

/** A thin bar across the top while the next screen's code downloads; the current screen stays meanwhile. */
export function PageLoadingBar() {
  if (!usePageLoading()) return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-clay" />
    </div>
  );
}
