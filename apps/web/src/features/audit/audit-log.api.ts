import { apiPaths } from '@shop/contract/api-paths';
import type { AuditListQuery, AuditListResponse } from '@shop/contract/audit';
import { apiPath, injectEndpoints } from '../../lib/base-api';

/** The audit log is read-only: there is nothing to change or delete from here. */
export const auditLogApi = injectEndpoints((build) => ({
  getAuditLog: build.query<AuditListResponse, AuditListQuery>({
    query: (query) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
      return `${apiPath(apiPaths.auditLog)}?${params}`;
    },
  }),
}));

export const { useGetAuditLogQuery } = auditLogApi;
