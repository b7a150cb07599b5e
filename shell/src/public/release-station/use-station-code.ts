import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage, apiErrorStatus, getStationCode, type StationCodeResponse } from 'shared-api';

/** Asked again this long after the code's change, so the server has moved on to the next one. */
const AFTER_CHANGE_MS = 250;
/** Never sooner (a station clock ahead of the server's) nor later (behind) than this. */
const MIN_WAIT_MS = 1_000;
const MAX_WAIT_MS = 61_000;
/** After a failure (no network, the server's refusal), the station asks again this often. */
export const RETRY_MS = 10_000;
/**
 * Asked again at least this often within a code's window: a code is used once, and the server issues the
 * next as soon as a phone used it, so the next student in line does not scan a spent code for up to 60 s.
 */
export const USED_CHECK_MS = 10_000;

export type StationCodeState =
  { status: 'loading' } | { status: 'ready'; code: StationCodeResponse } | { status: 'error'; message: string };

/** How long to wait before asking for the next code: until it changes, within sane bounds. */
export function waitUntilNextCode(expiresAt: string, nowMs: number): number {
  const until = Date.parse(expiresAt) - nowMs + AFTER_CHANGE_MS;
  if (Number.isNaN(until)) return MAX_WAIT_MS;
  return Math.min(Math.max(until, MIN_WAIT_MS), MAX_WAIT_MS);
}

/** When to ask again: at the code's change, or sooner to see whether a phone used it. */
export function nextAskIn(expiresAt: string, nowMs: number): number {
  return Math.min(waitUntilNextCode(expiresAt, nowMs), USED_CHECK_MS);
}

/**
 * The code the station shows (GET /v1/release-station/code with its key), asked again when it changes
 * (`expiresAt`, every 60 s), every USED_CHECK_MS in between (a code a phone used is replaced at once by the
 * server), and RETRY_MS after a failure. A 401 (key revoked or unknown) calls `onRevoked`
 * and stops asking. `now` is the station's clock (tests move it).
 */
export function useStationCode(
  token: string | null,
  options: { now: () => number; onRevoked(): void; fallbackMessage: string },
): StationCodeState {
  const [state, setState] = useState<StationCodeState>({ status: 'loading' });
  // the latest callbacks without asking again when they change
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!token) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const code = await getStationCode(token, controller.signal);
        if (controller.signal.aborted) return;
        setState({ status: 'ready', code });
        timer = setTimeout(() => void load(), nextAskIn(code.expiresAt, latest.current.now()));
      } catch (error) {
        if (controller.signal.aborted) return;
        if (apiErrorStatus(error) === 401) {
          latest.current.onRevoked();
          return;
        }
        // the server's words (a device in error, a printer gone) or ours when no answer came
        setState({ status: 'error', message: apiErrorMessage(error, latest.current.fallbackMessage) });
        timer = setTimeout(() => void load(), RETRY_MS);
      }
    };
    setState({ status: 'loading' });
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token]);

  return state;
}
