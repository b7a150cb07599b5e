/** Where the station's key stays on the device (the tablet or counter screen beside the printer). */
export const STATION_KEY_STORAGE = 'releaseStationKey';

/** The key kept on this device, or null. */
export function readStationKey(): string | null {
  try {
    return window.localStorage.getItem(STATION_KEY_STORAGE) || null;
  } catch {
    // storage refused (a private window): the key lives as long as the page
    return null;
  }
}

export function storeStationKey(key: string): void {
  try {
    window.localStorage.setItem(STATION_KEY_STORAGE, key);
  } catch {
    // storage refused: the page still works until it is reloaded
  }
}

export function forgetStationKey(): void {
  try {
    window.localStorage.removeItem(STATION_KEY_STORAGE);
  } catch {
    // nothing kept, nothing to forget
  }
}

/**
 * The key in what was pasted: the key itself, or the station link an officer copied
 * (`…/#/ReleaseStation?key=…`). Empty: null.
 */
export function keyFromPasted(pasted: string): string | null {
  const text = pasted.trim();
  if (!text) return null;
  const match = /[?&]key=([^&#\s]+)/.exec(text);
  if (!match?.[1]) return text;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The student page a station's QR code opens: signed in, it releases the student's held jobs there. */
export function releaseUrl(printerId: string, code: string, origin: string = window.location.origin): string {
  return `${origin}/#/Release?printer=${encodeURIComponent(printerId)}&code=${encodeURIComponent(code)}`;
}
