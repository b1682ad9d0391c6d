import type { Row } from './types.ts';

/** Access rows of the approval endpoints (issue 4). */
export const approvalRows: Row[] = [];
