import { roleValidationJob } from './role-validation.ts';
import type { JobDefinition } from './runner.ts';
import { profileMatcherJob } from './profile-matcher.ts';
import { userStatusReportJob } from './user-status-report.ts';
import { taskRemindersJob } from './reminders/service.ts';
import { accessExpiryJob } from './expiry/job.ts';
import { accessReviewsJob } from '../access-reviews/follow-up.ts';
import { auditChainJob } from '../audit/chain-service.ts';

/** Every scheduled job (GET /api/Jobs lists them in this order). */
export const jobDefinitions: readonly JobDefinition[] = [
  roleValidationJob,
  profileMatcherJob,
  userStatusReportJob,
  taskRemindersJob,
  accessExpiryJob,
  accessReviewsJob,
  auditChainJob,
];
