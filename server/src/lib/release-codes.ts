import crypto from 'node:crypto';
import { RELEASE_CODE_ALPHABET, RELEASE_CODE_LENGTH } from 'shared-api/contracts';

/**
 * A new release code (a held job's, or a station's): RELEASE_CODE_LENGTH characters drawn uniformly
 * (crypto.randomInt, no modulo bias) from the alphabet without look-alikes.
 */
export function newReleaseCode(): string {
  let code = '';
  for (let i = 0; i < RELEASE_CODE_LENGTH; i += 1) {
    code += RELEASE_CODE_ALPHABET[crypto.randomInt(RELEASE_CODE_ALPHABET.length)];
  }
  return code;
}

/** A release station's key: shown once to the officer, kept only as its SHA-256. */
export function newStationToken(): string {
  return `rs_${crypto.randomBytes(32).toString('base64url')}`;
}

export function hashStationToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
