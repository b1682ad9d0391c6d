import {
  scorecard,
  scorecardList,
  type Scorecard,
  type ScorecardCardKey,
  type ScorecardList,
} from '@uap/domain';
import { apiDownload, apiRequest } from './client.ts';

/** TanStack Query keys of the Agency Platform Scorecards. */
export const scorecardKeys = {
  list: ['Scorecards'] as const,
  card: (card: ScorecardCardKey) => ['Scorecards', card] as const,
};

/** GET api/Scorecards: the cards the caller may open (403 when none). */
export function fetchScorecardList(signal: AbortSignal): Promise<ScorecardList> {
  return apiRequest('/api/Scorecards', { schema: scorecardList, signal });
}

/** GET api/Scorecards/{card}: one card's numbers per agency. */
export function fetchScorecard(card: ScorecardCardKey, signal: AbortSignal): Promise<Scorecard> {
  return apiRequest(`/api/Scorecards/${card}`, { schema: scorecard, signal });
}

/** GET api/Scorecards/{card}/Export: the card as a CSV file. */
export function exportScorecard(card: ScorecardCardKey): Promise<void> {
  return apiDownload(`/api/Scorecards/${card}/Export`, undefined, `scorecard-${card}.csv`, 'GET');
}
