import { apiPaths } from '@shop/contract/api-paths';
import type { CatalogueImportResponse } from '@shop/contract/catalogue-csv';
import { useState } from 'react';
import { Button, buttonClass } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useCatalogueImport } from './use-catalogue-import';

const many = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const counts = (r: CatalogueImportResponse) =>
  `${many(r.products, 'product')}, ${many(r.colours, 'colour')}, ${many(r.sizes, 'size')}`;

function Problems({ result }: { result: CatalogueImportResponse }) {
  return (
    <div className="max-h-72 overflow-auto rounded-xl border border-sand">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Problems in the file</caption>
        <thead className="bg-linen">
          <tr>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {result.problems.map((p) => (
            <tr key={`${p.row}-${p.message}`} className="border-sand border-t">
              <td className="px-3 py-2 align-top tabular-nums">{p.row}</td>
              <td className="px-3 py-2 break-words">{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Progress({ label }: { label: string }) {
  return (
    <div className="space-y-2">
      <div role="progressbar" aria-label={label} className="h-1.5 overflow-hidden rounded-full bg-linen">
        <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-clay" />
      </div>
      <p className="text-sm text-muted">{label}</p>
    </div>
  );
}

/** Export CSV downloads the catalogue; Import CSV checks a file, shows what it adds or its problems, then imports it. */
export function CatalogueCsvActions() {
  const [open, setOpen] = useState(false);
  const { step, check, importChecked, reset } = useCatalogueImport();
  const close = () => {
    if (step.kind === 'checking' || step.kind === 'importing') return;
    setOpen(false);
    reset();
  };
  const problems = step.kind === 'checked' || step.kind === 'failed' ? (step.result?.problems ?? []) : [];
  return (
    <>
      <a href={apiPaths.catalogueExport} download className={buttonClass('outline', 'sm')}>
        Export CSV
      </a>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Import CSV
      </Button>
      <Modal open={open} onClose={close} title="Import products from a CSV file">
        <div className="space-y-4">
          <p className="text-sm text-muted">
            Shopify&apos;s product columns: a row per size of a colour. The file is checked first; nothing is added
            until you import it, and a file with any problem adds nothing.
          </p>
          {(step.kind === 'idle' || step.kind === 'checked' || step.kind === 'failed') && (
            <label className="block text-sm font-medium text-ink">
              CSV file
              <input
                type="file"
                accept=".csv,text/csv"
                className="mt-1 block w-full text-sm"
                onChange={(e) => {
                  const picked = e.target.files?.[0];
                  if (picked) void check(picked);
                  e.target.value = '';
                }}
              />
            </label>
          )}
          <div aria-live="polite" className="space-y-3">
            {step.kind === 'checking' && <Progress label={`Checking ${step.fileName}…`} />}
            {step.kind === 'importing' && <Progress label={`Importing ${counts(step.result)}…`} />}
            {step.kind === 'checked' && problems.length === 0 && (
              <p className="text-sm text-ink">{counts(step.result)} will be added.</p>
            )}
            {step.kind === 'done' && <p className="text-sm text-ink">Imported: {counts(step.result)} added.</p>}
            {problems.length > 0 && (
              <p className="text-sm font-medium text-stop-dark">
                {problems.length === 1 ? '1 problem' : `${problems.length} problems`}: nothing was added. Fix the file
                and choose it again.
              </p>
            )}
            {step.kind === 'failed' && problems.length === 0 && (
              <p className="text-sm font-medium text-stop-dark">{step.message}</p>
            )}
          </div>
          {problems.length > 0 && step.kind !== 'idle' && 'result' in step && step.result && (
            <Problems result={step.result} />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={close}
              disabled={step.kind === 'checking' || step.kind === 'importing'}
            >
              {step.kind === 'done' ? 'Done' : 'Cancel'}
            </Button>
            {step.kind === 'checked' && problems.length === 0 && (
              <Button size="sm" onClick={() => void importChecked()}>
                Import {many(step.result.products, 'product')}
              </Button>
            )}
          </div>
        </div>
      </Modal>
    </>
  );
}
