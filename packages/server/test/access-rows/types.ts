import type { demo } from '../harness.ts';

/** Who calls: no token, or one of the demo accounts. */
export type Caller = 'none' | keyof typeof demo;

/** One endpoint of the (endpoint, role) → status table. */
export interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route pattern as registered. */
  route: string;
  /** A concrete URL to call. */
  url: string;
  body?: unknown;
  /** Expected status per caller; `default` for the callers not named. */
  expect: Partial<Record<Caller, number>> & { default: number };
}

export const anyone = { none: 200, default: 200 };
export const signedIn = { none: 401, default: 200 };
export const admins = { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 };
export const superAdminsOnly = { none: 401, default: 403, superAdmin: 200 };
export const writeForAll = { none: 401, default: 200, auditor: 403 };
