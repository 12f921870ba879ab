import { apiPaths } from '@shop/contract/api-paths';
import type { InsightRange, InsightSummary } from '@shop/contract/insight';
import type { InsightReturns } from '@shop/contract/insight-returns';
import { apiPath, injectEndpoints } from '../../lib/base-api';

const rangeQuery = ({ from, to }: InsightRange) => `from=${from}&to=${to}`;

/** The admin's sales insight; the server refuses it to anyone but an admin. */
export const insightApi = injectEndpoints((build) => ({
  getInsightSummary: build.query<InsightSummary, InsightRange>({
    query: (range) => `${apiPath(apiPaths.insightSummary)}?${rangeQuery(range)}`,
  }),
  /** What came back of the range's sales: its own answer, so the summary does not wait for it. */
  getInsightReturns: build.query<InsightReturns, InsightRange>({
    query: (range) => `${apiPath(apiPaths.insightReturns)}?${rangeQuery(range)}`,
  }),
}));

export const { useGetInsightSummaryQuery, useGetInsightReturnsQuery } = insightApi;

/** The orders export of a range: a plain link, so the browser downloads the stream itself. */
export const ordersCsvHref = (range: InsightRange) => `${apiPaths.insightOrdersCsv}?${rangeQuery(range)}`;
