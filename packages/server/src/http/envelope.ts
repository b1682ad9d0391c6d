import type { Envelope } from '@uap/domain';

/** Wraps a result in the envelope every response uses. */
export function ok<T>(data: T, message = ''): Envelope<T> {
  return { succeeded: true, message, data };
}

export function failure(message: string, data: unknown = null): Envelope<unknown> {
  return { succeeded: false, message, data };
}
