import type { ReactElement } from 'react';
import Badge from '@mui/material/Badge';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import WidgetsOutlinedIcon from '@mui/icons-material/WidgetsOutlined';
import { badgeText, limits, messages, type HomeTile as Tile } from '@uap/domain';
import { Link } from 'react-router';

const iconByPath: Record<string, ReactElement> = {
  '/NewRequest': <AddCircleOutlineIcon fontSize="large" />,
  '/ChangeUserRecords': <EditOutlinedIcon fontSize="large" />,
  '/MyRequests': <ListAltOutlinedIcon fontSize="large" />,
  '/LearningResourceCenter': <MenuBookOutlinedIcon fontSize="large" />,
  '/AgencyClients': <WidgetsOutlinedIcon fontSize="large" />,
  '/Scorecards': <InsightsOutlinedIcon fontSize="large" />,
  '/Approvals': <AssignmentTurnedInOutlinedIcon fontSize="large" />,
  '/Provisioners': <BuildOutlinedIcon fontSize="large" />,
  '/MyApprovalPaths': <AssignmentIndOutlinedIcon fontSize="large" />,
  '/MyMasterApprovalPath': <AssignmentIndOutlinedIcon fontSize="large" />,
  '/MyAccessReviews': <FactCheckOutlinedIcon fontSize="large" />,
};

/** What a task tile counts, in words ('30 to provision'); undefined until loaded or on other tiles. */
function countText(tile: Tile, count: number | undefined): string | undefined {
  return tile.badge && count !== undefined
    ? messages.tileTaskCount(badgeText(count, limits.taskBadgeMax), tile.badge)
    : undefined;
}

interface HomeTileProps {
  tile: Tile;
  /** The task count of a badge tile, once loaded. */
  count?: number;
}

/** One home tile: a card linking to its screen, with the task badge on task tiles. */
export function HomeTile({ tile, count }: HomeTileProps) {
  const icon = iconByPath[tile.path];
  const counted = countText(tile, count);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {/* Named by its words ('My Provisioning Tasks 30 to provision'): an aria-label would
          leave out the badge's number, which shows (WCAG 2.5.3); screen readers skip the badge. */}
      <CardActionArea component={Link} to={tile.path} sx={{ height: '100%', p: 1 }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Badge
            slotProps={{ badge: { 'aria-hidden': true } }}
            badgeContent={count}
            max={limits.taskBadgeMax}
            color="error"
            showZero
            invisible={count === undefined}
            sx={{ color: 'primary.main' }}
          >
            {icon}
          </Badge>
          <span>
            <Typography variant="h3" component="span" sx={{ display: 'block' }}>
              {tile.label}
            </Typography>
            {counted && (
              <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                {counted}
              </Typography>
            )}
          </span>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
