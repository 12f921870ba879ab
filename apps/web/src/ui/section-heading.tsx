import type { ReactNode } from 'react';

interface SectionHeadingProps {
  /** The heading's id, which its section is labelled by. */
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
}

/** The centred heading of a storefront section: a small line above its title, and a sentence below. */
export function SectionHeading({ id, eyebrow, title, intro }: SectionHeadingProps) {
  return (
    <div className="flex flex-col items-center text-center">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="mt-3 section-title">
        {title}
      </h2>
      {intro && <p className="mt-3 max-w-lg text-sm text-muted">{intro}</p>}
    </div>
  );
}
