import { CATEGORIES } from '@shop/contract/constants';
import {
  DISCOUNT_CATEGORY_LABELS,
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_KIND_LABELS,
  DISCOUNT_KINDS,
  type DiscountCodeInput,
} from '@shop/contract/discounts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage, apiErrorStatus } from '../../lib/api-error';
import { Button, buttonClass } from '../../ui/button';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { SchemaCheckbox, SchemaRadioCards, SchemaSelect } from '../../ui/schema-choice';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { type DiscountCodeFormValues, discountCodeFormSchema } from './discount-code-form-values';

interface DiscountCodeFormProps {
  initial: DiscountCodeFormValues;
  submitLabel: string;
  busy: boolean;
  /** Sends the code; throws the API's error when it refuses it. */
  onSubmit: (input: DiscountCodeInput) => Promise<void>;
  /** The sentence saying what failed, shown before the server's words. */
  failure: string;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-5 border-t border-sand pt-6 first:border-0 first:pt-0 sm:grid-cols-2">
      <legend className="float-left mb-1 w-full font-display text-xl text-ink sm:col-span-2">
        {title}
        {hint && <span className="mt-1 block font-sans text-sm text-muted">{hint}</span>}
      </legend>
      {children}
    </fieldset>
  );
}

/** The form as the sections below take it. */
type DiscountForm = ReturnType<typeof useDiscountCodeForm>;

function useDiscountCodeForm(initial: DiscountCodeFormValues) {
  return useSchemaForm(discountCodeFormSchema, initial);
}

/**
 * Create and edit a discount code: the contract's rules check every field before anything is sent (the
 * server checks them again), each message under its field; a code name already taken says so there too.
 */
export function DiscountCodeForm({ initial, submitLabel, busy, onSubmit, failure }: DiscountCodeFormProps) {
  const form = useDiscountCodeForm(initial);

  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      if (apiErrorStatus(error) === 409 && /already a code/.test(apiErrorMessage(error) ?? '')) {
        form.setError('code', { message: apiErrorMessage(error) }, { shouldFocus: true });
        return;
      }
      await adminCallFailed(failure, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-8 rounded-2xl border border-sand bg-white p-5 sm:p-8">
      <CodeSection form={form} />
      <DiscountSection form={form} />
      <Section title="When" hint="In your own time zone. Leave empty to start now or to never end.">
        <SchemaField form={form} name="startsAt" id="discount-starts" label="Starts (optional)" type="datetime-local" />
        <SchemaField form={form} name="endsAt" id="discount-ends" label="Ends (optional)" type="datetime-local" />
      </Section>
      <LimitsSection form={form} />
      <div className="flex flex-wrap justify-end gap-3 border-t border-sand pt-6">
        <Link to={paths.dashboard.discountCodes.href()} className={buttonClass('ghost')}>
          Cancel
        </Link>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CodeSection({ form }: { form: DiscountForm }) {
  return (
    <Section title="The code" hint="What shoppers type in the cart. Letters and digits are kept in capitals.">
      <SchemaField
        form={form}
        name="code"
        id="discount-code"
        label="Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={DISCOUNT_CODE_MAX_LENGTH}
        placeholder="SPRING20"
        hint="3 to 32 letters, digits, dashes or underscores."
      />
      <SchemaSelect
        form={form}
        name="category"
        id="discount-category"
        label="Applies to"
        options={CATEGORIES.map((c) => [c, `${DISCOUNT_CATEGORY_LABELS[c]} only`] as const)}
        placeholder="Every product"
      />
    </Section>
  );
}

function DiscountSection({ form }: { form: DiscountForm }) {
  const kind = form.watch('kind');
  return (
    <Section title="The discount" hint="Taken off the items before tax; shipping is never discounted.">
      <SchemaRadioCards
        form={form}
        name="kind"
        legend="Discount type"
        options={DISCOUNT_KINDS}
        labels={DISCOUNT_KIND_LABELS}
        className="sm:col-span-2"
      />
      {kind === 'fixed' ? (
        <SchemaField
          key="amount"
          form={form}
          name="amountOffCents"
          id="discount-amount"
          label="Amount off ($)"
          inputMode="decimal"
          placeholder="10.00"
          hint="Never more than the items it applies to."
        />
      ) : (
        <SchemaField
          key="percent"
          form={form}
          name="percentOff"
          id="discount-percent"
          label="Percentage off (%)"
          inputMode="numeric"
          placeholder="20"
          hint="A whole number from 1 to 100."
        />
      )}
      <SchemaField
        form={form}
        name="minOrderCents"
        id="discount-minimum"
        label="Minimum order ($, optional)"
        inputMode="decimal"
        placeholder="50.00"
        hint="The items must come to this much before the discount."
      />
    </Section>
  );
}

function LimitsSection({ form }: { form: DiscountForm }) {
  return (
    <Section
      title="Limits"
      hint="A checkout holds a use until it is paid, cancelled or expires, so a limit is never exceeded."
    >
      <SchemaField
        form={form}
        name="maxUses"
        id="discount-max-uses"
        label="Total uses (optional)"
        inputMode="numeric"
        placeholder="Unlimited"
      />
      <SchemaField
        form={form}
        name="maxUsesPerCustomer"
        id="discount-max-per-customer"
        label="Uses per customer (optional)"
        inputMode="numeric"
        placeholder="Unlimited"
      />
      <SchemaCheckbox form={form} name="paused" className="sm:col-span-2">
        <span>
          <span className="font-medium text-ink">Paused</span>
          <span className="block text-muted">Shoppers cannot use the code until you resume it.</span>
        </span>
      </SchemaCheckbox>
    </Section>
  );
}
