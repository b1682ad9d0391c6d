import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  expiringAccessRow,
  medianTimesRow,
  pendingByApproverRow,
  requestsByMonthRow,
  urgentShareRow,
  type ExpiringAccessRow,
  type MedianTimesRow,
  type PendingByApproverRow,
  type RequestsByMonthRow,
  type UrgentShareRow,
} from '@uap/domain';
import { apiDownload, apiRequest, type Parser } from './client.ts';

/** A date range of the Reports page (days as YYYY-MM-DD) and, for the median times, the grouping. */
export interface ReportParams {
  from: string;
  to: string;
  by?: 'platform' | 'agency';
}

/** The charts of the Reports page, by their API path (GET api/Reports/{path}). */
export type ReportPath =
  'RequestsByMonth' | 'MedianTimes' | 'PendingByApprover' | 'UrgentShare' | 'ExpiringAccess';

function queryOf(params: ReportParams): string {
  const search = new URLSearchParams({ from: params.from, to: params.to });
  if (params.by) {
    search.set('by', params.by);
  }
  return search.toString();
}

function useReport<T>(path: ReportPath, params: ReportParams, schema: Parser<T[]>, isEnabled: boolean) {
  return useQuery({
    queryKey: ['reports', path, params],
    queryFn: ({ signal }) => apiRequest(`/api/Reports/${path}?${queryOf(params)}`, { schema, signal }),
    enabled: isEnabled,
  });
}

export const useRequestsByMonth = (p: ReportParams, isEnabled: boolean) =>
  useReport<RequestsByMonthRow>('RequestsByMonth', p, z.array(requestsByMonthRow), isEnabled);
export const useMedianTimes = (p: ReportParams, isEnabled: boolean) =>
  useReport<MedianTimesRow>('MedianTimes', p, z.array(medianTimesRow), isEnabled);
export const usePendingByApprover = (p: ReportParams, isEnabled: boolean) =>
  useReport<PendingByApproverRow>('PendingByApprover', p, z.array(pendingByApproverRow), isEnabled);
export const useUrgentShare = (p: ReportParams, isEnabled: boolean) =>
  useReport<UrgentShareRow>('UrgentShare', p, z.array(urgentShareRow), isEnabled);
export const useExpiringAccess = (p: ReportParams, isEnabled: boolean) =>
  useReport<ExpiringAccessRow>('ExpiringAccess', p, z.array(expiringAccessRow), isEnabled);

/** Downloads a chart's rows as the server's CSV file. */
export function downloadReportCsv(path: ReportPath, params: ReportParams): Promise<void> {
  return apiDownload(
    `/api/Reports/${path}/Export?${queryOf(params)}`,
    undefined,
    `${path}-${params.from}-${params.to}.csv`,
    'GET',
  );
}
