/** The first stop for a keyboard: straight past the navigation to the page's own content. */
export function SkipToContent() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-ink px-5 py-3 text-sm text-ivory focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
