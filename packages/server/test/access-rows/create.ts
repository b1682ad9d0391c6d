import type { Row } from './types.ts';

/** Access rows of the create endpoints (issue 3). */
export const createRows: Row[] = [];
