import type { ReactNode } from 'react';
import { usePageMeta } from '../use-page-meta';

export interface PageHeaderProps {
  eyebrow: string;
  title: string;
  description?: string;
  actions?: ReactNode;
}

/** The top of every dashboard page: its title (also the tab's title) and an optional action. */
export function PageHeader({ eyebrow, title, description, actions }: PageHeaderProps) {
  usePageMeta(title, description ?? title);
  return (
    <header className="mb-8 flex flex-wrap items-end justify-between gap-4 border-b border-sand pb-6 sm:mb-10">
      <div className="min-w-0">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-2 font-display text-3xl text-ink sm:text-4xl">{title}</h1>
        {description && <p className="mt-2 max-w-2xl text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 gap-3">{actions}</div>}
    </header>
  );
}
