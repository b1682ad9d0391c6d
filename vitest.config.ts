import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys share one server and database, so they run one after another in a fixed
 * (alphabetical) order: a run on a fresh clone behaves exactly like a run here.
 */
class AlphabeticalSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: AlphabeticalSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file gets its own copy of the seeded database; keep parallelism modest on 2 cores.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
