import { apiPaths } from '@shop/contract/api-paths';
import type {
  InspectReturnLineRequest,
  OrderReturnsResponse,
  Return,
  ReturnRequest,
  ReturnResponse,
  ReturnsListResponse,
  ReturnsQuery,
} from '@shop/contract/returns';
import { apiPath, injectEndpoints, listTags, recordAndListTags } from '../../lib/base-api';

/** The owner's list filters as the address of the list: only the filters set, so each page caches once. */
function returnsListPath({ status, reason, q, page = 1, limit = 20 }: ReturnsQuery) {
  const search = new URLSearchParams();
  if (status) search.set('status', status);
  if (reason) search.set('reason', reason);
  if (q) search.set('q', q);
  search.set('page', String(page));
  search.set('limit', String(limit));
  return `${apiPath(apiPaths.returns)}?${search}`;
}

/** The tag of an order's returns, apart from the returns themselves: a new return changes it. */
const orderTag = (orderId: string) => ({ type: 'Return' as const, id: `order-${orderId}` });

/**
 * Returns and exchanges: the customer's request and their order's returns, the owner's list, receipt
 * and inspection. Each change answers the whole return, so the screens showing it update without a reload.
 */
export const returnsApi = injectEndpoints((build) => ({
  getOrderReturns: build.query<OrderReturnsResponse, string>({
    query: (orderId) => apiPath(apiPaths.orderReturns(orderId)),
    providesTags: (result, _error, orderId) => [
      orderTag(orderId),
      ...listTags('Return', result?.returns, (r) => r._id),
    ],
  }),
  requestReturn: build.mutation<ReturnResponse, ReturnRequest>({
    query: (body) => ({ url: apiPath(apiPaths.returns), method: 'POST', body }),
    invalidatesTags: (_result, _error, { orderId }) => [orderTag(orderId), { type: 'Return', id: 'LIST' }],
  }),
  getReturns: build.query<ReturnsListResponse, ReturnsQuery>({
    query: returnsListPath,
    providesTags: (result) => listTags('Return', result?.returns, (r) => r._id),
  }),
  getReturn: build.query<Return, string>({
    query: (id) => apiPath(apiPaths.return(id)),
    providesTags: (_result, _error, id) => [{ type: 'Return', id }],
  }),
  receiveReturn: build.mutation<ReturnResponse, string>({
    query: (id) => ({ url: apiPath(apiPaths.receiveReturn(id)), method: 'POST' }),
    invalidatesTags: (_result, _error, id) => recordAndListTags('Return', id),
  }),
  /** An accepted line changes stock and may refund money: the stock and the stats go stale too. */
  inspectReturnLine: build.mutation<ReturnResponse, InspectReturnLineRequest & { id: string; lineId: string }>({
    query: ({ id, lineId, ...body }) => ({
      url: apiPath(apiPaths.inspectReturnLine(id, lineId)),
      method: 'POST',
      body,
    }),
    invalidatesTags: (result, _error, { id }) => [
      ...recordAndListTags('Return', id),
      ...(result ? [{ type: 'Order' as const, id: result.return.orderId }] : []),
      'Stock',
      'Stats',
    ],
  }),
}));

export const {
  useGetOrderReturnsQuery,
  useRequestReturnMutation,
  useGetReturnsQuery,
  useGetReturnQuery,
  useReceiveReturnMutation,
  useInspectReturnLineMutation,
} = returnsApi;
