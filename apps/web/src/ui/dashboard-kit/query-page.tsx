import { PageHeader, type PageHeaderProps } from './page-header';
import { QueryState, type QueryStateProps } from './query-state';

/** A dashboard page that shows one query: its header, then the query in its states. */
export function QueryPage<T>({ eyebrow, title, description, actions, ...state }: PageHeaderProps & QueryStateProps<T>) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} description={description} actions={actions} />
      <QueryState {...state} />
    </>
  );
}
