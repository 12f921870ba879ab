import { PAGE_META } from '@shop/contract/seo';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { buttonClass } from './button';
import { usePageMeta } from './use-page-meta';

/** Says the page does not exist and links home; any unknown address lands here, the dashboard's included. */
export function NotFoundPage() {
  usePageMeta(PAGE_META.notFound.title, PAGE_META.notFound.description);
  return (
    <div className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <p className="font-display text-7xl text-clay sm:text-8xl">404</p>
      <h1 className="mt-6 font-display text-3xl text-ink sm:text-4xl">Page not found</h1>
      <p className="mt-4 max-w-md text-muted">Sorry, the page you are looking for does not exist.</p>
      <Link to={paths.home.href()} className={buttonClass('primary', 'md', 'mt-10')}>
        Back to home
      </Link>
    </div>
  );
}
