import type { Row } from './types.ts';

/** Access rows of the records endpoints (issue 3). */
export const recordRows: Row[] = [];
