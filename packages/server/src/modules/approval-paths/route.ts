import type { FastifyInstance } from 'fastify';
import { declaredRoutes } from '../../http/declared-routes.ts';

/** The OpenAPI tag of every approval-path route (the paged tables' too). */
export const approvalPathTags = ['assignments'];

/** Declares the approval-path routes (OpenAPI tag 'assignments'): see `declaredRoutes`. */
export function approvalPathRoutes(base: FastifyInstance) {
  return declaredRoutes(base, approvalPathTags);
}
