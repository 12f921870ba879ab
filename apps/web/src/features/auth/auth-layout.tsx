import { SHOP_NAME } from '@shop/contract/constants';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';

/** /login and /register sit outside the main layout, without its top bar and footer: the form beside a picture. */
export function AuthLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-ivory md:grid-cols-2">
      <main className="flex flex-col px-6 py-8 sm:px-12 lg:px-20">
        <Link to={paths.home.href()} className="self-start font-display text-2xl tracking-tight text-ink">
          {SHOP_NAME}
          <span className="text-clay">.</span>
        </Link>
        <div className="my-auto w-full max-w-sm self-center py-12">
          <h1 className="font-display text-4xl text-ink">{title}</h1>
          <p className="mt-3 text-sm text-muted">{intro}</p>
          <div className="mt-8">{children}</div>
        </div>
      </main>
      <div className="relative hidden md:block">
        <img
          src="/images/auth.svg"
          alt=""
          width={900}
          height={1200}
          className="absolute inset-0 size-full object-cover"
        />
      </div>
    </div>
  );
}

interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  noValidate?: boolean;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}

/** An account page's form: its fields, then the full-width submit button. */
export function AuthForm({ onSubmit, noValidate, submitLabel, busy, children }: AuthFormProps) {
  // POST: a submit before the script runs must never put the password in the address.
  return (
    <form method="post" onSubmit={onSubmit} noValidate={noValidate} className="space-y-5">
      {children}
      <Button type="submit" busy={busy} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}

/** The line under an account page's form that leads to the other one ("Already have an account?"). */
export function AuthElsewhere({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <p className="mt-8 text-center text-sm text-muted">
      {question}{' '}
      <Link to={to} className="font-medium text-clay underline underline-offset-4">
        {link}
      </Link>
    </p>
  );
}
