import { useState, type ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { messages, type Scorecard, type ScorecardAgency, type ScorecardCardKey } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { exportScorecard, fetchScorecard, fetchScorecardList, scorecardKeys } from '../../api/scorecards.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const oneDecimal = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const errorText = (error: unknown) => (error instanceof ApiError ? error.message : messages.serverError);

// Each chart is `disableKeyboardNavigation`: MUI's keyboard exploration is a tab stop with no
// role and no visible focus (axe 'focus-order-semantics'); the card's table gives the same
// numbers to the keyboard and to screen readers.

/** Pixels per agency of a horizontal bar chart, plus room for the axis and legend. */
const chartHeight = (agencies: number) => 90 + 34 * Math.max(agencies, 1);

/**
 * A horizontal bar chart of the card's agencies, one band each, drawn as a figure named `label`
 * (the card's title first); `extraHeight` makes room for a longer legend.
 */
function AgencyBarChart(props: {
  scorecard: Scorecard;
  label: string;
  xLabel?: string;
  extraHeight?: number;
  series: ComponentProps<typeof BarChart>['series'];
}) {
  const agencies = props.scorecard.agencies;
  return (
    <Box role="figure" aria-label={`${props.scorecard.title}: ${props.label}`}>
      <BarChart
        disableKeyboardNavigation
        height={chartHeight(agencies.length) + (props.extraHeight ?? 0)}
        layout="horizontal"
        skipAnimation
        yAxis={[{ scaleType: 'band', data: agencies.map((a) => a.agency), width: 160 }]}
        {...(props.xLabel === undefined ? {} : { xAxis: [{ label: props.xLabel }] })}
        series={props.series}
      />
    </Box>
  );
}

/**
 * Active users per agency, split into administrator-level and other users. The administrator
 * level is told by colour AND by words: its own legend entry and, on each bar, the share as text.
 */
function UsersChart({ scorecard }: { scorecard: Scorecard }) {
  const theme = useTheme();
  const agencies = scorecard.agencies;
  return (
    <AgencyBarChart
      scorecard={scorecard}
      label="active users by agency, administrator level highlighted"
      xLabel="Distinct users with active access"
      series={[
        {
          id: 'administrator-level',
          label: 'Administrator-level users',
          stack: 'users',
          color: theme.palette.error.main,
          data: agencies.map((a) => a.administratorLevelUsers),
          barLabel: (item) =>
            item.value ? `Admin level ${percent(agencies[item.dataIndex]!.administratorLevelShare)}` : null,
        },
        {
          id: 'other',
          label: 'Other users',
          stack: 'users',
          color: theme.palette.primary.main,
          data: agencies.map((a) => a.activeUsers - a.administratorLevelUsers),
        },
      ]}
    />
  );
}

/** Access at risk and waiting work per agency. */
function RiskChart({ scorecard }: { scorecard: Scorecard }) {
  const agencies = scorecard.agencies;
  return (
    <AgencyBarChart
      scorecard={scorecard}
      label="external users, expiring access, leavers and pending requests by agency"
      extraHeight={40}
      series={[
        { label: 'External users', data: agencies.map((a) => a.externalUsers) },
        {
          label: `Access expiring in ${scorecard.expiringDays} days`,
          data: agencies.map((a) => a.expiringRecords),
        },
        { label: 'Leavers holding access', data: agencies.map((a) => a.leavers) },
        { label: 'Pending requests', data: agencies.map((a) => a.pendingRequests) },
      ]}
    />
  );
}

/** Median hours to approve and to provision per agency. */
function TimesChart({ scorecard }: { scorecard: Scorecard }) {
  const agencies = scorecard.agencies;
  return (
    <AgencyBarChart
      scorecard={scorecard}
      label="median approval and provisioning hours by agency"
      xLabel={`Hours (decisions of the last ${scorecard.timesWindowDays} days)`}
      series={[
        { label: 'Median approval time (h)', data: agencies.map((a) => a.medianApprovalHours) },
        { label: 'Median provisioning time (h)', data: agencies.map((a) => a.medianProvisioningHours) },
      ]}
    />
  );
}

/** The administrator-level share: error colour plus a shield with its text alternative. */
function AdministratorShare({ agency }: { agency: ScorecardAgency }) {
  const text = `${agency.administratorLevelUsers} (${percent(agency.administratorLevelShare)})`;
  if (agency.administratorLevelUsers === 0) {
    return <>{text}</>;
  }
  return (
    <Box component="span" sx={{ color: 'error.dark', fontWeight: 600, display: 'inline-flex', gap: 0.5 }}>
      <AdminPanelSettingsIcon fontSize="small" titleAccess="Administrator level" />
      {text}
    </Box>
  );
}

const userTypesText = (agency: ScorecardAgency) =>
  agency.userTypes
    .map((t) => `${t.basicName}${t.isAdministratorLevel ? ' (administrator level)' : ''}: ${t.users}`)
    .join(', ');

/** The card's numbers as a table: what the charts draw, readable without them. */
function ScorecardTable({ scorecard }: { scorecard: Scorecard }) {
  return (
    // Wider than the page: a tab stop, so the keyboard scrolls it too.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={`${scorecard.title} numbers by agency`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" aria-label={`${scorecard.title} numbers by agency`}>
        <TableHead>
          <TableRow>
            <TableCell>Agency</TableCell>
            <TableCell>Market</TableCell>
            <TableCell align="right">Active users</TableCell>
            <TableCell align="right">Administrator-level users (share)</TableCell>
            <TableCell>Users by user type</TableCell>
            <TableCell align="right">External users</TableCell>
            <TableCell align="right">Access expiring in {scorecard.expiringDays} days</TableCell>
            <TableCell align="right">Leavers holding access</TableCell>
            <TableCell align="right">Pending requests</TableCell>
            <TableCell align="right">Oldest pending (days)</TableCell>
            <TableCell align="right">Median pending age (days)</TableCell>
            <TableCell align="right">Median approval time (hours)</TableCell>
            <TableCell align="right">Median provisioning time (hours)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {scorecard.agencies.map((a) => (
            <TableRow key={a.agencyId}>
              <TableCell component="th" scope="row">
                {a.agency}
              </TableCell>
              <TableCell>{a.market}</TableCell>
              <TableCell align="right">{a.activeUsers}</TableCell>
              <TableCell align="right">
                <AdministratorShare agency={a} />
              </TableCell>
              <TableCell>{userTypesText(a)}</TableCell>
              <TableCell align="right">{a.externalUsers}</TableCell>
              <TableCell align="right">{a.expiringRecords}</TableCell>
              <TableCell align="right">{a.leavers}</TableCell>
              <TableCell align="right">{a.pendingRequests}</TableCell>
              <TableCell align="right">{oneDecimal(a.oldestPendingDays)}</TableCell>
              <TableCell align="right">{oneDecimal(a.medianPendingDays)}</TableCell>
              <TableCell align="right">{oneDecimal(a.medianApprovalHours)}</TableCell>
              <TableCell align="right">{oneDecimal(a.medianProvisioningHours)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One card: its charts, its numbers as a table and its CSV download. */
function ScorecardCard({
  card,
  title,
  practice,
}: {
  card: ScorecardCardKey;
  title: string;
  practice: string;
}) {
  const query = useQuery({
    queryKey: scorecardKeys.card(card),
    queryFn: ({ signal }) => fetchScorecard(card, signal),
    meta: { errorDialog: false },
  });
  const [exportError, setExportError] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const titleId = `scorecard-${card}-title`;

  const handleExport = async () => {
    setExportError(null);
    setIsExporting(true);
    try {
      await exportScorecard(card);
    } catch (e) {
      setExportError(errorText(e));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 2 }}>
        <Box>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {practice} practice
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void handleExport()}
          disabled={isExporting || !query.data}
          aria-label={`Download ${title} CSV`}
        >
          CSV
        </Button>
      </Stack>
      {exportError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {exportError}
        </Alert>
      )}
      {query.isPending && <PageSpinner />}
      {query.isError && <Alert severity="error">{errorText(query.error)}</Alert>}
      {query.data &&
        (query.data.agencies.length === 0 ? (
          <Alert severity="info">{messages.scorecardHasNoData}</Alert>
        ) : (
          <Stack spacing={2}>
            <UsersChart scorecard={query.data} />
            <RiskChart scorecard={query.data} />
            <TimesChart scorecard={query.data} />
            <ScorecardTable scorecard={query.data} />
          </Stack>
        ))}
    </Paper>
  );
}

/**
 * Agency Platform Scorecards (spec 3 §2.11): the cards the server lets the caller open
 * (administrators all three, a master approver those of their practices).
 */
export function ScorecardsPage() {
  const list = useQuery({
    queryKey: scorecardKeys.list,
    queryFn: ({ signal }) => fetchScorecardList(signal),
    meta: { errorDialog: false },
  });
  if (list.isPending) {
    return <PageSpinner />;
  }
  if (list.isError) {
    return <Alert severity="warning">{errorText(list.error)}</Alert>;
  }
  return (
    <Stack spacing={3}>
      {list.data.cards.map((c) => (
        <ScorecardCard key={c.card} {...c} />
      ))}
    </Stack>
  );
}
