import type { ChildProcess } from 'node:child_process';

export const root: string;
export const NGINX: string;
export const UPLOAD_BODY_LIMIT: number;
export function freePort(): Promise<number>;
export function portIsFree(port: number): Promise<boolean>;
export function startInstance(options: {
  index: number;
  port: number;
  env: Record<string, string | undefined>;
  stdio?: 'inherit' | 'pipe' | 'ignore';
}): ChildProcess;
export function waitHealthy(url: string, child: ChildProcess | null, timeoutMs?: number, what?: string): Promise<void>;
export function startNginx(options: {
  prefix: string;
  port: number;
  instances: string[];
  host?: string | null;
  bodyLimit?: number;
  stdio?: 'inherit' | 'pipe' | 'ignore';
}): { child: ChildProcess; conf: string; accessLog: string; errorLog: string };
export function stopProcess(child: ChildProcess, signal?: NodeJS.Signals, graceMs?: number): Promise<number>;
