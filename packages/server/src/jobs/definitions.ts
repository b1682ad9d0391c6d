import { roleValidationJob } from '../modules/users/role-validation.ts';
import type { JobDefinition } from './runner.ts';

/** Every scheduled job (GET /api/Jobs lists them in this order). */
export const jobDefinitions: readonly JobDefinition[] = [roleValidationJob];
