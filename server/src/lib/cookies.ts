import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  /** Sent over https only (the portal's public address is https). */
  secure: boolean;
}

/** A cookie of the request by name (the first one when repeated); undefined when absent or malformed. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    // our cookies hold base64url only: anything else was not set by us
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * Sets an httpOnly, SameSite=Lax cookie: scripts never read it, and a browser sends it back on the
 * top-level navigation a school's login page ends with, not on another site's background requests.
 * A value of null clears it.
 */
export function writeCookie(reply: FastifyReply, name: string, value: string | null, options: CookieOptions): void {
  const attributes = [
    `${name}=${value ?? ''}`,
    `Path=${options.path}`,
    `Max-Age=${value === null ? 0 : options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) attributes.push('Secure');
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : [previous].flat().map(String);
  reply.header('set-cookie', [...list, attributes.join('; ')]);
}
