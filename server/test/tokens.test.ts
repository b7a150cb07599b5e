import { createTokenService } from '../src/lib/tokens';

describe('access tokens (verified ones kept until they expire, issue 22)', () => {
  const secret = 'x'.repeat(48);
  afterEach(() => jest.restoreAllMocks());

  it('answers the same user for a token seen before, as a copy the caller may change', () => {
    const tokens = createTokenService(secret, 60_000, 3_600_000);
    const token = tokens.signAccess({ id: 'u1', role: 'student', sid: 's1' });
    const first = tokens.verifyAccess(token);
    expect(first).toMatchObject({ ok: true, user: { id: 'u1', role: 'student', sid: 's1' } });
    if (first.ok) first.user.role = 'spso';
    // the second answer comes from what was kept: changing it must not change the third
    const second = tokens.verifyAccess(token);
    expect(second).toMatchObject({ ok: true, user: { id: 'u1', role: 'student', sid: 's1' } });
    if (second.ok) second.user.role = 'spso';
    expect(tokens.verifyAccess(token)).toMatchObject({ ok: true, user: { role: 'student' } });
  });

  it('says expired once the time is past, even for a token verified before', () => {
    const tokens = createTokenService(secret, 1_000, 3_600_000);
    const token = tokens.signAccess({ id: 'u1', role: 'staff' });
    expect(tokens.verifyAccess(token).ok).toBe(true);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 5_000);
    expect(tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token of another secret or a changed one, whatever was verified before', () => {
    const tokens = createTokenService(secret, 60_000, 3_600_000);
    const other = createTokenService('y'.repeat(48), 60_000, 3_600_000);
    const token = tokens.signAccess({ id: 'u1', role: 'student' });
    expect(tokens.verifyAccess(token).ok).toBe(true);
    expect(other.verifyAccess(token)).toEqual({ ok: false, reason: 'invalid' });
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'u1', role: 'spso', iss: 'smart-printing' })).toString('base64url')}.${signature}`;
    expect(tokens.verifyAccess(forged)).toEqual({ ok: false, reason: 'invalid' });
  });
});
