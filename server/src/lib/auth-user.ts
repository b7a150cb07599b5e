import type { Role } from 'shared-api/contracts';

/** The signed-in caller, from the access token. */
export interface AuthUser {
  id: string;
  role: Role;
  /**
   * The session (login) the access token belongs to: its refresh-token family. Logout or a revoked
   * login ends it, and with it every access token and socket of that session.
   */
  sid?: string;
  /**
   * Signed in with a temporary password (issued or reset by an officer): until it is changed, only the
   * routes that allow it answer (the user information, the password change, the logout).
   */
  mustChangePassword?: true;
}
