import type { Row } from './types.ts';

/** Access rows of the Request Tracker, activity log and role details endpoints (issue 4). */
export const trackerRows: Row[] = [];
