import { roleValidationJob } from '../modules/users/role-validation.ts';
import type { JobDefinition } from './runner.ts';
import { profileMatcherJob } from '../modules/users/profile-matcher.ts';
import { userStatusReportJob } from '../modules/users/user-status-report.ts';
import { taskRemindersJob } from '../modules/reminders/service.ts';
import { accessExpiryJob } from '../modules/expiry/job.ts';

/** Every scheduled job (GET /api/Jobs lists them in this order). */
export const jobDefinitions: readonly JobDefinition[] = [
  roleValidationJob,
  profileMatcherJob,
  userStatusReportJob,
  taskRemindersJob,
  accessExpiryJob,
];
