import { pageTitle } from '@shop/contract/seo';
import { useEffect } from 'react';

/** Sets the page's title and meta description (each page has its own, for tabs, history and search). */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
