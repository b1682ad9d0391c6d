export * from './declare.ts';
export * from './line-headers.ts';
export * from './leavers.ts';
