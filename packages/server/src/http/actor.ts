import type { RoleId } from '@uap/domain';
import type { Identity } from '../auth/verify.ts';

/** The signed-in caller, resolved from the token and the profile table on every request. */
export interface Actor {
  userId: number;
  roleId: RoleId;
  email: string;
  /**
   * Whether someone away names this person delegate now, read with the profile (so kept as long
   * as it is: a few seconds, forgotten on any write). False lets the routing leave out the
   * delegation's branches (`standingOf`); absent (an actor built elsewhere): not known.
   */
  standsIn?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook for every route that is not public. */
    identity: Identity | null;
    /** The caller's profile; null only on 'authenticated' routes before the profile exists. */
    actor: Actor | null;
  }
}

/** The actor of a route that requires a profile (the auth hook guarantees it). */
export function requireActor(request: { actor: Actor | null }): Actor {
  if (!request.actor) {
    throw new Error('Route declared a role but no actor was resolved');
  }
  return request.actor;
}
