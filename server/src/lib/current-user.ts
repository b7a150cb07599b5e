import type { FastifyRequest } from 'fastify';
import { errors } from './errors';
import type { AuthUser } from './auth-user';

/** The signed-in user of a non-public route (the auth hook has already checked it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}
