import { Component } from 'react';
import { type Location, type NavigationType, useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

interface ScrollPositionsProps {
  location: Location;
  navigationType: NavigationType;
}

/**
 * Where the shopper was on the page being left is read just before React puts the next page on screen
 * (`getSnapshotBeforeUpdate`, React's moment for reading the page before a change). A scroll event comes
 * only with the browser's next frame: a click right after scrolling could change the page first, and the
 * position would be lost (back then opened the list at its top).
 */
class ScrollPositions extends Component<ScrollPositionsProps> {
  override componentDidMount() {
    window.history.scrollRestoration = 'manual';
  }

  override getSnapshotBeforeUpdate(previous: ScrollPositionsProps): number | null {
    return previous.location.key === this.props.location.key ? null : window.scrollY;
  }

  override componentDidUpdate(previous: ScrollPositionsProps, _state: unknown, leftAt: number | null) {
    if (leftAt === null) return;
    positions.set(previous.location.key, leftAt);
    const { location, navigationType } = this.props;
    if (navigationType === 'POP') window.scrollTo(0, positions.get(location.key) ?? 0);
    else if (previous.location.pathname !== location.pathname && !location.hash) window.scrollTo(0, 0);
  }

  override render() {
    return null;
  }
}

/**
 * A new page opens at its top; back and forward return to where the shopper was on that page. A new
 * query on the same page (the shop's filters, the search box) keeps the scroll where it is. The page the
 * app starts on is where the browser put it: a page the server rendered may have been scrolled before
 * the app took it over, and a reload comes back where it was.
 */
export function ScrollRestoration() {
  return <ScrollPositions location={useLocation()} navigationType={useNavigationType()} />;
}
