import type { CatalogueImportResponse } from '@shop/contract/catalogue-csv';
import { CATALOGUE_CSV_MAX_BYTES } from '@shop/contract/catalogue-csv';
import { useState } from 'react';
import { useImportCatalogueMutation } from './manage-products.api';

/** Where an import stands: a file is checked first (a dry run), and imported only when the admin says so. */
export type CatalogueImportStep =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'checked'; fileName: string; file: string; result: CatalogueImportResponse }
  | { kind: 'importing'; fileName: string; result: CatalogueImportResponse }
  | { kind: 'done'; result: CatalogueImportResponse }
  | { kind: 'failed'; message: string; result?: CatalogueImportResponse };

/** The answer of a call: its result, or a refusal's problems, or its message. */
function outcomeOf(answer: { data: CatalogueImportResponse } | { error: unknown }): {
  result?: CatalogueImportResponse;
  message?: string;
} {
  if ('data' in answer) return { result: answer.data };
  const data = (answer.error as { data?: unknown }).data as Partial<CatalogueImportResponse> | undefined;
  if (data && Array.isArray(data.problems)) return { result: data as CatalogueImportResponse };
  return { message: (data as { message?: string } | undefined)?.message ?? 'The server could not be reached' };
}

export function useCatalogueImport() {
  const [send] = useImportCatalogueMutation();
  const [step, setStep] = useState<CatalogueImportStep>({ kind: 'idle' });

  async function check(picked: File) {
    if (picked.size > CATALOGUE_CSV_MAX_BYTES) {
      setStep({ kind: 'failed', message: `The file is larger than ${CATALOGUE_CSV_MAX_BYTES / 1024 / 1024} MB` });
      return;
    }
    setStep({ kind: 'checking', fileName: picked.name });
    const file = await picked.text();
    const { result, message } = outcomeOf(await send({ file, dryRun: true }));
    setStep(
      result ? { kind: 'checked', fileName: picked.name, file, result } : { kind: 'failed', message: message ?? '' },
    );
  }

  async function importChecked() {
    if (step.kind !== 'checked') return;
    setStep({ kind: 'importing', fileName: step.fileName, result: step.result });
    const { result, message } = outcomeOf(await send({ file: step.file, dryRun: false }));
    if (result && result.problems.length === 0) setStep({ kind: 'done', result });
    else setStep({ kind: 'failed', message: result?.message ?? message ?? '', result });
  }

  return { step, check, importChecked, reset: () => setStep({ kind: 'idle' }) };
}
