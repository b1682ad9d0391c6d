import type { Envelope } from '@uap/domain';

/** Wraps a result in the envelope every response uses. */
export function ok<T>(data: T, message = ''): Envelope<T> {
  return { succeeded: true, message, data };
}

export function failure(message: string, data: unknown = null): Envelope<unknown> {
  return { succeeded: false, message, data };
}

/** The envelope of a service's answer that words its own message (`{ result, message }`). */
export function okWith<T>({ result, message }: { result: T; message: string }): Envelope<T> {
  return ok(result, message);
}
