/**
 * Loads the `shell-vendor` file (`vite.config.ts`): the packages the app's start and Home import
 * (MUI's components and what they import). The entry imports it before `app/start.tsx`, so the
 * browser evaluates those packages in a task of their own, then the app's own modules in another.
 */
export {};
