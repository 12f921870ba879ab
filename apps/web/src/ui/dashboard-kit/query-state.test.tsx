/** @jsxRuntime automatic @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, numberColumn } from './data-table';
import { type QueryResult, QueryState } from './query-state';

const result = (over: Partial<QueryResult<string[]>>): QueryResult<string[]> => ({
  isLoading: false,
  refetch: () => undefined,
  ...over,
});

const render = (query: QueryResult<string[]>, reason?: true | string) =>
  renderToStaticMarkup(
    <QueryState
      query={query}
      loading={<p>Loading the sizes</p>}
      failed={{ title: 'The sizes could not be loaded.', reason }}
      empty="No sizes yet."
    >
      {(sizes) => <p>{sizes.join(', ')}</p>}
    </QueryState>,
  );

describe('a screen in its query states', () => {
  it('shows the loading look, then the answer', () => {
    expect(render(result({ isLoading: true }))).toBe('<p>Loading the sizes</p>');
    expect(render(result({ data: ['S', 'M'] }))).toBe('<p>S, M</p>');
  });

  it('shows an empty list as its empty message', () => {
    expect(render(result({ data: [] }))).toContain('No sizes yet.');
  });

  it('shows a failure with a retry, and the server reason only when asked', () => {
    const error = { status: 500, data: { message: 'The database is away.' } };
    const plain = render(result({ error }));
    expect(plain).toContain('The sizes could not be loaded.');
    expect(plain).toContain('Try again');
    expect(plain).not.toContain('The database is away.');
    expect(render(result({ error }), true)).toContain('The database is away.');
    expect(render(result({ error: { status: 'FETCH_ERROR' } }), 'Nothing came back.')).toContain('Nothing came back.');
  });
});

describe('a dashboard table', () => {
  it('renders one header and one cell per column, numbering rows across pages', () => {
    const html = renderToStaticMarkup(
      <DataTable
        label="Sizes"
        columns={[numberColumn(2, 10), { heading: 'Size', cell: (size: string) => size }, false]}
        rows={['S', 'M']}
        rowKey={(size) => size}
      />,
    );
    expect(html.match(/<th /g)).toHaveLength(2);
    expect(html).toMatch(/<td[^>]*>11<\/td><td[^>]*>S<\/td>/);
    expect(html).toMatch(/<td[^>]*>12<\/td><td[^>]*>M<\/td>/);
  });
});
