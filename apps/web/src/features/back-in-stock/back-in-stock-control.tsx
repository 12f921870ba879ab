import { type BackInStockResponse, backInStockEmailFormSchema } from '@shop/contract/back-in-stock';
import type { Color } from '@shop/contract/constants';
import { ONE_SIZE, type SizeLabel } from '@shop/contract/sizes';
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { useFormProblem } from '../../ui/use-form-problem';
import { useAskBackInStockMutation } from './back-in-stock.api';

export interface BackInStockControlProps {
  productId: string;
  colour: Color;
  colourName: string;
  /** The colour's sizes that are sold out, smallest first. */
  soldOutSizes: readonly string[];
  /** A customer asks in one click; a guest gives an e-mail and confirms it from the mailed link. */
  signedIn: boolean;
}

/**
 * "Email me when it's back" for the sold-out sizes of the chosen colour: the size asked about (chosen here
 * when several are sold out), then one click for a customer, an e-mail for a guest. What the shop answered
 * is said in a live region, per size.
 */
export function BackInStockControl({ productId, colour, colourName, soldOutSizes, signedIn }: BackInStockControlProps) {
  const id = useId();
  const [size, setSize] = useState(soldOutSizes[0] ?? ONE_SIZE);
  const chosen = soldOutSizes.includes(size) ? size : (soldOutSizes[0] ?? ONE_SIZE);
  const [answers, setAnswers] = useState<Record<string, BackInStockResponse>>({});
  const answer = answers[`${colour}:${chosen}`];
  const [ask, { isLoading }] = useAskBackInStockMutation();
  const { problem, send } = useFormProblem();
  const form = useSchemaForm(backInStockEmailFormSchema);
  const oneSize = soldOutSizes.length === 1 && soldOutSizes[0] === ONE_SIZE;

  const askFor = (email?: string) =>
    send(async () => {
      const result = await ask({ productId, colour, size: chosen as SizeLabel, ...(email && { email }) }).unwrap();
      setAnswers((all) => ({ ...all, [`${colour}:${chosen}`]: result }));
    }, 'Your request could not be sent. Please try again.');

  if (soldOutSizes.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl border border-sand bg-linen/50 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-sm font-medium text-ink">
        {oneSize ? `Sold out in ${colourName}` : `Sold out in your size?`}
      </h2>
      <p className="mt-1 text-sm text-muted">We'll send you one e-mail when it's back, and keep nothing else.</p>
      {!oneSize && soldOutSizes.length > 1 && (
        <div className="mt-3">
          <label htmlFor={`${id}-size`} className="field-label">
            Size
          </label>
          <select
            id={`${id}-size`}
            value={chosen}
            onChange={(event) => setSize(event.target.value)}
            className="field w-auto py-2"
          >
            {soldOutSizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
      {!answer &&
        (signedIn ? (
          <Button variant="outline" onClick={() => void askFor()} busy={isLoading} className="mt-3 w-full sm:w-auto">
            Email me when it's back
            {!oneSize && <span className="sr-only"> in size {chosen}</span>}
          </Button>
        ) : (
          <form
            noValidate
            onSubmit={form.handleSubmit(({ email }) => askFor(email))}
            className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <SchemaField
              form={form}
              name="email"
              id={`${id}-email`}
              label="Your email"
              type="email"
              autoComplete="email"
              className="min-w-0 flex-1"
            />
            <Button type="submit" variant="outline" busy={isLoading} className="w-full sm:w-auto">
              Email me when it's back
            </Button>
          </form>
        ))}
      <p aria-live="polite" className="mt-2 text-sm">
        {answer && (
          <span className={answer.status === 'waiting' ? 'text-go-dark' : 'text-ink'}>
            {answer.status === 'waiting' ? answer.message : `${answer.message} Then we'll email you when it's back.`}
          </span>
        )}
        {problem && !answer && <span className="text-stop-dark">{problem}</span>}
      </p>
    </section>
  );
}
