import { parseExpiryNoticeDays } from '../../config.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { runAccessExpiry } from './service.ts';

/**
 * Access expiry, daily at 01:00 UTC: records past their end date go to their provisioners for
 * removal, and records near it tell their subject and requester (EXPIRY_NOTICE_DAYS, checked
 * when the server starts).
 */
export const accessExpiryJob: JobDefinition = {
  name: 'access-expiry',
  title: 'Access expiry',
  schedule: '0 1 * * *',
  maxAttempts: 3,
  async run({ db, now }) {
    const counts = await runAccessExpiry(db, now, parseExpiryNoticeDays(process.env));
    return { ...counts };
  },
};
