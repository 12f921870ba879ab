import type { ReactNode } from 'react';

/** An inline failure, announced when it appears. */
export function ErrorMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-2xl border border-stop/25 bg-white px-6 py-5 text-sm">
      <p className="font-medium text-stop-dark">{title}</p>
      {children && <div className="mt-1.5 text-muted">{children}</div>}
    </div>
  );
}

/** Why a form's last sending was refused, above its button; announced when it appears. */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl bg-stop/10 px-4 py-3 text-sm text-stop-dark">
      {children}
    </p>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-taupe px-6 py-16 text-center">
      <p className="font-display text-2xl text-ink">{title}</p>
      {children && <div className="mt-3 max-w-md text-sm text-muted">{children}</div>}
    </div>
  );
}
