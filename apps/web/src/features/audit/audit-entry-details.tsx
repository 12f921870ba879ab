import type { AuditEntry } from '@shop/contract/audit';
import { formatMoney, toDollars } from '@shop/contract/money';

/** "priceCents" reads "Price", "trackingNumber" reads "Tracking number". */
function fieldName(field: string): string {
  const words = field.replace(/Cents$/, '').replace(/([A-Z])/g, ' $1');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.endsWith('Cents') && typeof value === 'number') return formatMoney(toDollars(value));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What changed (before → after), then the other facts the log kept. */
export function AuditEntryDetails({ details }: { details: AuditEntry['details'] }) {
  const { changes, ...facts } = details;
  const changed = Object.entries(changes ?? {});
  const others = Object.entries(facts);
  if (changed.length === 0 && others.length === 0) return <span className="text-muted">—</span>;
  return (
    <dl className="space-y-1 text-xs">
      {changed.map(([field, { before, after }]) => (
        <div key={field} className="min-w-0">
          <dt className="inline font-medium text-ink">{fieldName(field)}: </dt>
          <dd className="inline break-words text-muted">
            <del className="decoration-stop/60">{shown(field, before)}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
            <ins className="text-ink no-underline">{shown(field, after)}</ins>
          </dd>
        </div>
      ))}
      {others.map(([field, value]) => (
        <div key={field} className="min-w-0">
          <dt className="inline font-medium text-ink">{fieldName(field)}: </dt>
          <dd className="inline break-words text-muted">{shown(field, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
