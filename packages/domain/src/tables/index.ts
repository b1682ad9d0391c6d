export * from './declare.ts';
export * from './line-headers.ts';
export * from './leavers.ts';
export * from './administration.ts';
export * from './tracker-lines.ts';
export * from './tracker.ts';
export * from './approval-paths.ts';
export * from './profiles.ts';
