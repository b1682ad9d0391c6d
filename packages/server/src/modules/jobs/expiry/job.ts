import type { JobDefinition } from '../runner.ts';
import { runAccessExpiry } from './service.ts';

/**
 * Access expiry, daily at 01:00 UTC: records past their end date go to their provisioners for
 * removal, and records near it tell their subject and requester (EXPIRY_NOTICE_DAYS, from the
 * server's configuration).
 */
export const accessExpiryJob: JobDefinition = {
  name: 'access-expiry',
  title: 'Access expiry',
  schedule: '0 1 * * *',
  maxAttempts: 3,
  async run({ db, now, config }) {
    const counts = await runAccessExpiry(db, now, config.expiryNoticeDays);
    return { ...counts };
  },
};
