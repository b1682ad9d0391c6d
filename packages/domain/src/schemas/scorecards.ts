import { z } from 'zod';

/**
 * The Agency Platform Scorecards (spec 3 §2.11): one card per platform, each belonging to the
 * practice whose master approvers may read it (Google Ads: Search; Meta and TikTok: Social).
 * `platform` is the platform's description in master data.
 */
export const scorecardCards = {
  GoogleAds: { title: 'Google Ads', platform: 'Google Ads', practice: 'Search' },
  Meta: { title: 'Meta', platform: 'Meta', practice: 'Social' },
  TikTok: { title: 'TikTok', platform: 'TikTok', practice: 'Social' },
} as const;

export type ScorecardCardKey = keyof typeof scorecardCards;
export const scorecardCardKeys = Object.keys(scorecardCards) as ScorecardCardKey[];

export const scorecardCardKey = z.enum(['GoogleAds', 'Meta', 'TikTok']);
export const scorecardParams = z.object({ card: scorecardCardKey });

/** Access that ends within this many days counts as expiring. */
export const SCORECARD_EXPIRING_DAYS = 30;
/** Median approval and provisioning times read the decisions of this many past days. */
export const SCORECARD_TIMES_WINDOW_DAYS = 90;

/** Distinct users holding active access of one normalized platform user type. */
export const scorecardUserType = z.object({
  basicName: z.string(),
  isAdministratorLevel: z.boolean(),
  users: z.number().int(),
});
export type ScorecardUserType = z.infer<typeof scorecardUserType>;

/** One agency's numbers on a card. Times in hours, ages in days; null when nothing to measure. */
export const scorecardAgency = z.object({
  agencyId: z.number().int(),
  agency: z.string(),
  market: z.string(),
  region: z.string(),
  /** Distinct users with an active access record on the card's platform. */
  activeUsers: z.number().int(),
  userTypes: z.array(scorecardUserType),
  /** Distinct users holding an administrator-level user type. */
  administratorLevelUsers: z.number().int(),
  /** administratorLevelUsers / activeUsers, 0..1 (0 when no active user). */
  administratorLevelShare: z.number(),
  /** Distinct external users with active access. */
  externalUsers: z.number().int(),
  /** Active records whose expiration date falls within the next SCORECARD_EXPIRING_DAYS days. */
  expiringRecords: z.number().int(),
  /** Distinct users whose directory account is disabled and who still hold active access. */
  leavers: z.number().int(),
  /** Requests Submitted or Approved (waiting for approval or provisioning). */
  pendingRequests: z.number().int(),
  oldestPendingDays: z.number().nullable(),
  medianPendingDays: z.number().nullable(),
  medianApprovalHours: z.number().nullable(),
  medianProvisioningHours: z.number().nullable(),
});
export type ScorecardAgency = z.infer<typeof scorecardAgency>;

export const scorecard = z.object({
  card: scorecardCardKey,
  title: z.string(),
  practice: z.string(),
  generatedAt: z.string(),
  expiringDays: z.number().int(),
  timesWindowDays: z.number().int(),
  agencies: z.array(scorecardAgency),
});
export type Scorecard = z.infer<typeof scorecard>;

/** The cards the caller may open (the server decides; the screen only draws them). */
export const scorecardList = z.object({
  cards: z.array(z.object({ card: scorecardCardKey, title: z.string(), practice: z.string() })),
});
export type ScorecardList = z.infer<typeof scorecardList>;
