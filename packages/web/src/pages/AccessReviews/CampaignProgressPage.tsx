import { useMemo } from 'react';
import { useParams } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  accessReviewReviewersTable,
  keptZoneFormatters,
  messages,
  todayDay,
  type AccessReviewDetail,
  type AccessReviewReviewerRow,
} from '@uap/domain';
import { useCampaignProgressQuery } from '../../api/access-review-progress.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { failureText } from '../../components/forms/failure-text.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';

/** The campaign id of the address: a positive whole number, else null (nothing is asked). */
function reviewIdOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The due day as stored (a day, kept at midnight UTC), whatever the browser's zone. */
const dueDay = (campaign: AccessReviewDetail) => keptZoneFormatters('UTC').date(campaign.dueDate);

const isPastDue = (campaign: AccessReviewDetail) => campaign.dueDate.slice(0, 10) < todayDay();

/**
 * The campaign's items as one stacked bar, kept, revoked and undecided, drawn as a figure that
 * the summary under it describes. The chart is `disableKeyboardNavigation` (as the scorecards'):
 * MUI's keyboard exploration is a tab stop with no role; the summary gives the same numbers.
 */
function ProgressChart({ campaign, summaryId }: { campaign: AccessReviewDetail; summaryId: string }) {
  const theme = useTheme();
  const bar = (label: string, value: number, color: string) => ({
    label,
    data: [value],
    stack: 'items',
    color,
  });
  return (
    <Box
      role="figure"
      aria-label={messages.accessReviewProgressChart(campaign.name)}
      aria-describedby={summaryId}
    >
      <BarChart
        disableKeyboardNavigation
        height={150}
        layout="horizontal"
        skipAnimation
        yAxis={[{ scaleType: 'band', data: ['Items'], width: 60 }]}
        xAxis={[{ min: 0, max: Math.max(campaign.itemCount, 1), tickMinStep: 1 }]}
        series={[
          bar('Kept', campaign.keptCount, theme.palette.success.main),
          bar('Revoked', campaign.revokedCount, theme.palette.error.main),
          bar('Undecided', campaign.undecidedCount, theme.palette.grey[400]),
        ]}
      />
    </Box>
  );
}

/** The campaign's name, due day and status, its overall progress as a chart and in words. */
function CampaignSummary({ campaign }: { campaign: AccessReviewDetail }) {
  const summaryId = `campaign-${campaign.reviewId}-summary`;
  return (
    <Paper component="section" aria-labelledby={`campaign-${campaign.reviewId}-name`} sx={{ p: 2, mb: 3 }}>
      <Typography id={`campaign-${campaign.reviewId}-name`} variant="h2" sx={{ fontSize: '1.4rem' }}>
        {campaign.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {messages.accessReviewDueLine(
          dueDay(campaign),
          campaign.statusName,
          campaign.status === 'active' && isPastDue(campaign),
        )}
      </Typography>
      <ProgressChart campaign={campaign} summaryId={summaryId} />
      <Typography id={summaryId}>{messages.accessReviewProgressSummary(campaign)}</Typography>
    </Paper>
  );
}

/** The reviewers table of one campaign: the overdue marked by a chip beside the name. */
function ReviewersTable({ reviewId }: { reviewId: number }) {
  const params = useMemo(() => ({ id: reviewId }), [reviewId]);
  const cells = useMemo(
    () => ({
      isOverdue: {
        cell: (row: AccessReviewReviewerRow) =>
          row.isOverdue ? <Chip size="small" color="error" label={messages.accessReviewOverdue} /> : '',
      },
    }),
    [],
  );
  const table = useDeclaredTable(accessReviewReviewersTable, { cells, canExport: false, params });
  return (
    <DataTable<AccessReviewReviewerRow>
      {...table}
      syncWithUrl
      initialPageSize={20}
      emptyMessage={messages.noAccessReviewReviewers}
    />
  );
}

/**
 * The campaign page (/AccessReviews/{reviewId}, issue 46 item 5): a campaign's overall progress
 * as a chart and in words, then each reviewer's progress, the overdue first. Whoever reads the
 * campaign reads it (administrators in their rows, super administrators, the auditor).
 */
export function CampaignProgressPage() {
  const reviewId = reviewIdOf(useParams().reviewId);
  const campaign = useCampaignProgressQuery(reviewId);
  const back = (
    <Typography sx={{ mb: 2 }}>
      <RouterLink to="/AccessReviews">{messages.accessReviewBackToCampaigns}</RouterLink>
    </Typography>
  );
  if (reviewId === null) {
    return (
      <>
        {back}
        <Alert severity="error">{messages.accessReviewNotFound}</Alert>
      </>
    );
  }
  if (campaign.isPending) {
    return (
      <>
        {back}
        <PageSpinner />
      </>
    );
  }
  if (campaign.isError) {
    return (
      <>
        {back}
        <Alert severity="error">{failureText(campaign.error)}</Alert>
      </>
    );
  }
  return (
    <>
      {back}
      <CampaignSummary campaign={campaign.data} />
      <ReviewersTable reviewId={reviewId} />
    </>
  );
}
