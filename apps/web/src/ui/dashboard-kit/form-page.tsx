import type { ReactNode } from 'react';
import { PageHeader } from './page-header';
import { QueryPage } from './query-page';
import type { QueryResult } from './query-state';
import { FormSkeleton, RecordLoadFailed, type RecordLoadFailedProps } from './record-load-states';

const ADMIN_EYEBROW = 'Admin dashboard';

interface FormPageProps {
  title: string;
  description: string;
  children: ReactNode;
}

/** An admin form's page: the dashboard's header over the form. */
export function FormPage({ title, description, children }: FormPageProps) {
  return (
    <>
      <PageHeader eyebrow={ADMIN_EYEBROW} title={title} description={description} />
      {children}
    </>
  );
}

interface EditRecordPageProps<T>
  extends Omit<FormPageProps, 'children'>,
    Omit<RecordLoadFailedProps, 'error' | 'onRetry'> {
  query: QueryResult<T>;
  /** What a screen reader hears while the record is on its way. */
  loadingLabel: string;
  children: (record: T) => ReactNode;
}

/** An admin page editing one record: the form's shape while it loads, why it is not shown, or its form. */
export function EditRecordPage<T>({
  title,
  description,
  query,
  loadingLabel,
  children,
  ...failure
}: EditRecordPageProps<T>) {
  return (
    <QueryPage
      eyebrow={ADMIN_EYEBROW}
      title={title}
      description={description}
      query={query}
      loading={<FormSkeleton label={loadingLabel} />}
      failed={(error, retry) => <RecordLoadFailed error={error} onRetry={retry} {...failure} />}
    >
      {children}
    </QueryPage>
  );
}
