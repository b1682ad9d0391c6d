import type { Row } from './types.ts';

/** Access rows of the modify endpoints (issue 3). */
export const modifyRows: Row[] = [];
