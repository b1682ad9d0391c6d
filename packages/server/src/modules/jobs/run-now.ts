import { messages } from '@uap/domain';
import { conflict } from '../../http/errors.ts';
import type { JobRunner } from './runner.ts';

/**
 * Runs a job now for an administrator's button: true when it completed, false when it failed;
 * 409 while a run of it is under way anywhere.
 */
export async function runNow(
  runner: JobRunner,
  name: string,
  startedBy: number,
  title: string,
): Promise<boolean> {
  const result = await runner.run(name, startedBy);
  if (result.status === 'SKIPPED') {
    throw conflict(messages.jobAlreadyRunning(title));
  }
  return result.status === 'COMPLETED';
}
