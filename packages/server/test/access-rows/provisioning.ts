import type { Row } from './types.ts';

/** Access rows of the provisioning endpoints (issue 4). */
export const provisioningRows: Row[] = [];
