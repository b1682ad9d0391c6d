import { useState } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  EXPIRING_WITHIN_DAYS,
  requestStatusNames,
  type MedianTimesRow,
  type PendingByApproverRow,
  type RequestsByMonthRow,
} from '@uap/domain';
import {
  useExpiringAccess,
  useMedianTimes,
  usePendingByApprover,
  useRequestsByMonth,
  useUrgentShare,
  type ReportParams,
} from '../../api/reports.ts';
import { ChartSection, type TableColumn } from './ChartSection.tsx';

const HEIGHT = 300;
// Each chart is `disableKeyboardNavigation`: MUI's keyboard exploration is a tab stop with no
// role and no visible focus (axe 'focus-order-semantics'); the table under each chart gives
// the same numbers to the keyboard and to screen readers.

/** The pending chart draws the people with the most lines; its table lists everyone. */
const PENDING_BARS = 15;

interface ChartProps {
  params: ReportParams;
  isEnabled: boolean;
}

/** One row per month, one column per status (the chart's stacks). */
function pivotByMonth(rows: RequestsByMonthRow[]) {
  const statuses = [...new Set(rows.map((r) => r.statusId))].sort((a, b) => a - b);
  const months = [...new Set(rows.map((r) => r.month))].sort();
  const countOf = new Map(rows.map((r) => [`${r.month} ${r.statusId}`, r.count]));
  const table = months.map((month) => ({
    month,
    counts: statuses.map((s) => countOf.get(`${month} ${s}`) ?? 0),
  }));
  return { statuses, months, table };
}

export function RequestsByMonthChart({ params, isEnabled }: ChartProps) {
  const query = useRequestsByMonth(params, isEnabled);
  const pivot = pivotByMonth(query.data ?? []);
  type Row = (typeof pivot.table)[number];
  const title = 'Requests by status and month';
  const columns: TableColumn<Row>[] = [
    { header: 'Month', cell: (r) => r.month },
    ...pivot.statuses.map((s, i) => ({
      header: requestStatusNames[s as keyof typeof requestStatusNames],
      cell: (r: Row) => r.counts[i] ?? 0,
      isNumeric: true,
    })),
    { header: 'Total', cell: (r) => r.counts.reduce((a, b) => a + b, 0), isNumeric: true },
  ];
  return (
    <ChartSection
      title={title}
      description="Request lines created in the range, by month (UTC) and current status."
      path="RequestsByMonth"
      params={params}
      rows={query.data ? pivot.table : undefined}
      isLoading={query.isLoading}
      error={query.error}
      columns={columns}
      rowKey={(r) => r.month}
      chart={(rows) => (
        <BarChart
          disableKeyboardNavigation
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.month) }]}
          series={pivot.statuses.map((s, i) => ({
            label: requestStatusNames[s as keyof typeof requestStatusNames],
            data: rows.map((r) => r.counts[i] ?? 0),
            stack: 'status',
          }))}
        />
      )}
    />
  );
}

export function MedianTimesChart({ params, isEnabled }: ChartProps) {
  const [by, setBy] = useState<'platform' | 'agency'>('platform');
  const query = useMedianTimes({ ...params, by }, isEnabled);
  const title = `Median time to approve and to provision by ${by}`;
  const columns: TableColumn<MedianTimesRow>[] = [
    { header: by === 'platform' ? 'Platform' : 'Agency', cell: (r) => r.name },
    { header: 'Approved', cell: (r) => r.approvedCount, isNumeric: true },
    { header: 'Median hours to approve', cell: (r) => r.medianApproveHours, isNumeric: true },
    { header: 'Provisioned', cell: (r) => r.provisionedCount, isNumeric: true },
    { header: 'Median hours to provision', cell: (r) => r.medianProvisionHours, isNumeric: true },
  ];
  return (
    <ChartSection
      title={title}
      description="Hours from submission to approval and from approval to provisioning (request history), median over the lines that reached each step."
      path="MedianTimes"
      params={{ ...params, by }}
      rows={query.data}
      isLoading={query.isLoading}
      error={query.error}
      columns={columns}
      rowKey={(r) => String(r.id)}
      controls={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={by}
          onChange={(_, value: 'platform' | 'agency' | null) => value && setBy(value)}
          aria-label="Group the median times by"
        >
          <ToggleButton value="platform">By platform</ToggleButton>
          <ToggleButton value="agency">By agency</ToggleButton>
        </ToggleButtonGroup>
      }
      chart={(rows) => (
        <BarChart
          disableKeyboardNavigation
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.name) }]}
          yAxis={[{ label: 'hours' }]}
          series={[
            { label: 'Median hours to approve', data: rows.map((r) => r.medianApproveHours) },
            { label: 'Median hours to provision', data: rows.map((r) => r.medianProvisionHours) },
          ]}
        />
      )}
    />
  );
}

const waitsOnLabels: Record<PendingByApproverRow['waitsOn'], string> = {
  approver: 'Approver',
  masterApprover: 'Master approvers',
  provisioner: 'Provisioner',
  administrators: 'Administrators',
};

export function PendingByApproverChart({ params, isEnabled }: ChartProps) {
  const query = usePendingByApprover(params, isEnabled);
  const title = 'Pending work by approver';
  const columns: TableColumn<PendingByApproverRow>[] = [
    { header: 'Waits on', cell: (r) => (r.email ? `${r.name} (${r.email})` : r.name) },
    { header: 'As', cell: (r) => waitsOnLabels[r.waitsOn] },
    { header: 'Pending', cell: (r) => r.pendingCount, isNumeric: true },
    { header: 'Oldest (days)', cell: (r) => r.oldestAgeDays, isNumeric: true },
    { header: 'Median age (days)', cell: (r) => r.medianAgeDays, isNumeric: true },
  ];
  return (
    <ChartSection
      title={title}
      description={`Submitted and Approved lines of the range by whom they wait on (the routing rule), with their age since creation. The chart shows the ${PENDING_BARS} with the most lines.`}
      path="PendingByApprover"
      params={params}
      rows={query.data}
      isLoading={query.isLoading}
      error={query.error}
      columns={columns}
      rowKey={(r) => `${r.waitsOn} ${r.userId ?? ''}`}
      chart={(rows) => {
        const top = rows.slice(0, PENDING_BARS);
        return (
          <BarChart
            disableKeyboardNavigation
            height={HEIGHT + top.length * 8}
            layout="horizontal"
            margin={{ left: 8 }}
            yAxis={[
              {
                scaleType: 'band',
                data: top.map((r) => `${r.name} (${waitsOnLabels[r.waitsOn]})`),
                width: 220,
              },
            ]}
            series={[{ label: 'Pending lines', data: top.map((r) => r.pendingCount) }]}
          />
        );
      }}
    />
  );
}

export function UrgentShareChart({ params, isEnabled }: ChartProps) {
  const query = useUrgentShare(params, isEnabled);
  const title = 'Urgent share';
  return (
    <ChartSection
      title={title}
      description="The share of urgent request lines among the lines created each month."
      path="UrgentShare"
      params={params}
      rows={query.data}
      isLoading={query.isLoading}
      error={query.error}
      columns={[
        { header: 'Month', cell: (r) => r.month },
        { header: 'Requests', cell: (r) => r.totalCount, isNumeric: true },
        { header: 'Urgent', cell: (r) => r.urgentCount, isNumeric: true },
        { header: 'Urgent %', cell: (r) => r.urgentPercent, isNumeric: true },
      ]}
      rowKey={(r) => r.month}
      chart={(rows) => (
        <LineChart
          disableKeyboardNavigation
          height={HEIGHT}
          xAxis={[{ scaleType: 'point', data: rows.map((r) => r.month) }]}
          yAxis={[{ label: '%', min: 0 }]}
          series={[{ label: 'Urgent %', data: rows.map((r) => r.urgentPercent) }]}
        />
      )}
    />
  );
}

export function ExpiringAccessChart({ params, isEnabled }: ChartProps) {
  const query = useExpiringAccess(params, isEnabled);
  const title = `Access expiring in the next ${EXPIRING_WITHIN_DAYS} days`;
  const weeks = [
    { key: 'week1', label: 'Days 0–6' },
    { key: 'week2', label: 'Days 7–13' },
    { key: 'week3', label: 'Days 14–20' },
    { key: 'week4', label: `Days 21–${EXPIRING_WITHIN_DAYS - 1}` },
  ] as const;
  return (
    <ChartSection
      title={title}
      description="Active access records created in the range whose expiration date falls in the coming days, by platform and week."
      path="ExpiringAccess"
      params={params}
      rows={query.data}
      isLoading={query.isLoading}
      error={query.error}
      columns={[
        { header: 'Platform', cell: (r) => r.platformName },
        ...weeks.map((w) => ({
          header: w.label,
          cell: (r: NonNullable<typeof query.data>[number]) => r[w.key],
          isNumeric: true,
        })),
        { header: 'Total', cell: (r) => r.totalCount, isNumeric: true },
      ]}
      rowKey={(r) => String(r.platformId)}
      chart={(rows) => (
        <BarChart
          disableKeyboardNavigation
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.platformName) }]}
          series={weeks.map((w) => ({ label: w.label, data: rows.map((r) => r[w.key]), stack: 'weeks' }))}
        />
      )}
    />
  );
}
