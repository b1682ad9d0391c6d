/** zod and the common schemas: the first step of building the tracker's schemas (see tracker.ts). */
export { flagParam } from '@uap/domain';
