export interface NginxConfigOptions {
  /** The port nginx listens on (the portal's URL). */
  port: number;
  /** Each instance as 'host:port', instance 1 first. */
  instances: string[];
  /** Absolute folder of nginx's pid file, logs/ and temp/. */
  prefix: string;
  /** Largest request body in bytes (client_max_body_size). */
  bodyLimit: number;
  /** Address to listen on; null (default) = every address. */
  host?: string | null;
  /** Worker user and group ('nobody nogroup') when the master runs as root; null = nginx's own user. */
  user?: string | null;
}

export const STICKY_COOKIE: string;
export const SOCKET_READ_TIMEOUT_S: number;
export function nginxConfig(options: NginxConfigOptions): string;
