import { createCasClient, parseCasAnswer } from '../src/identity/cas';
import { identityFromCas } from '../src/identity/school-identity';
import { casFailureXml, casSuccessXml, CasTestServer, type CasPerson } from './school-cas-server';

/**
 * Our CAS client against a CAS 3.0 server of ours: every answer of the protocol (success, INVALID_TICKET,
 * INVALID_SERVICE, malformed XML, an HTTP error, no answer in time), at /serviceValidate and
 * /p3/serviceValidate, always with the exact service URL of the login.
 */

const SERVICE = 'http://portal.test/v1/auth/cas/callback';
const AN: CasPerson = {
  user: '2110001',
  attributes: {
    mail: 'An.Nguyen@HCMUT.edu.vn',
    givenName: 'An',
    sn: 'Nguyễn Văn',
    mssv: '0210001',
    memberOf: ['cn=students', 'cn=cse'],
  },
};

describe('CAS client', () => {
  const cas = new CasTestServer();
  beforeAll(async () => {
    await cas.start();
  });
  afterAll(async () => {
    await cas.close();
  });
  beforeEach(() => {
    cas.mode = 'normal';
    cas.validations.length = 0;
  });

  const client = (validatePath = '/serviceValidate', timeoutMs = 2_000) =>
    createCasClient({ url: cas.url, validatePath, timeoutMs });

  it('sends the browser to /login with the service URL, encoded', () => {
    expect(client().loginUrl(SERVICE)).toBe(`${cas.url}/login?service=${encodeURIComponent(SERVICE)}`);
    expect(client().logoutUrl('http://portal.test/')).toBe(`${cas.url}/logout?service=http%3A%2F%2Fportal.test%2F`);
  });

  it('success at /serviceValidate: the user and every attribute, repeated ones as lists, texts kept as texts', async () => {
    const ticket = cas.issueTicket(SERVICE, AN);
    const answer = await client().validate(ticket, SERVICE);
    expect(answer).toEqual({
      ok: true,
      user: '2110001',
      attributes: {
        authenticationDate: ['2026-11-30T08:00:00Z'],
        mail: ['An.Nguyen@HCMUT.edu.vn'],
        givenName: ['An'],
        sn: ['Nguyễn Văn'],
        // a student code keeps its leading zero (no number parsing)
        mssv: ['0210001'],
        memberOf: ['cn=students', 'cn=cse'],
      },
    });
    // validated where configured, with exactly the service the ticket was issued for
    expect(cas.validations).toEqual([{ path: '/cas/serviceValidate', service: SERVICE, ticket }]);
  });

  it('success at /p3/serviceValidate when configured so', async () => {
    const ticket = cas.issueTicket(SERVICE, AN);
    const answer = await client('/p3/serviceValidate').validate(ticket, SERVICE);
    expect(answer.ok).toBe(true);
    expect(cas.validations.map((seen) => seen.path)).toEqual(['/cas/p3/serviceValidate']);
  });

  it('INVALID_TICKET: an unknown ticket, and a ticket validated a second time', async () => {
    expect(await client().validate('ST-forged', SERVICE)).toMatchObject({
      ok: false,
      reason: 'refused',
      code: 'INVALID_TICKET',
    });
    const ticket = cas.issueTicket(SERVICE, AN);
    expect((await client().validate(ticket, SERVICE)).ok).toBe(true);
    expect(await client().validate(ticket, SERVICE)).toMatchObject({ ok: false, code: 'INVALID_TICKET' });
  });

  it('INVALID_SERVICE: a ticket issued for another service', async () => {
    const ticket = cas.issueTicket('http://elsewhere.test/callback', AN);
    expect(await client().validate(ticket, SERVICE)).toMatchObject({
      ok: false,
      reason: 'refused',
      code: 'INVALID_SERVICE',
      detail: expect.stringContaining('does not match') as unknown,
    });
  });

  it('malformed XML: cut-off XML is not a success', async () => {
    cas.mode = 'malformed';
    expect(await client().validate(cas.issueTicket(SERVICE, AN), SERVICE)).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('an HTTP error status is "unavailable", not a refusal', async () => {
    cas.mode = 'http-error';
    expect(await client().validate(cas.issueTicket(SERVICE, AN), SERVICE)).toMatchObject({
      ok: false,
      reason: 'unavailable',
      detail: 'HTTP 500',
    });
  });

  it('timeout: a server that does not answer gives up after the configured time', async () => {
    cas.mode = 'hang';
    const started = Date.now();
    const answer = await client('/serviceValidate', 300).validate(cas.issueTicket(SERVICE, AN), SERVICE);
    expect(answer).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a server that is not there is "unavailable"', async () => {
    const nowhere = createCasClient({
      url: 'http://127.0.0.1:9/cas',
      validatePath: '/serviceValidate',
      timeoutMs: 1_000,
    });
    expect(await nowhere.validate('ST-1', SERVICE)).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});

describe('CAS answers, parsed', () => {
  it('reads a success whatever the namespace prefix', () => {
    const xml = casSuccessXml(AN).replace(/cas:/g, 'sso:').replace('xmlns:cas', 'xmlns:sso');
    expect(parseCasAnswer(xml)).toMatchObject({ ok: true, user: '2110001', attributes: { mssv: ['0210001'] } });
  });

  it('reads a failure code and text', () => {
    expect(parseCasAnswer(casFailureXml('INVALID_REQUEST', 'no ticket'))).toEqual({
      ok: false,
      reason: 'refused',
      code: 'INVALID_REQUEST',
      detail: 'no ticket',
    });
  });

  it.each([
    ['not XML at all', 'yes\n2110001\n'],
    ['an HTML error page', '<html><body><h1>Server error</h1></body></html>'],
    ['XML without success or failure', '<cas:serviceResponse xmlns:cas="x"><cas:proxySuccess/></cas:serviceResponse>'],
    [
      'a success without a user',
      '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess/></cas:serviceResponse>',
    ],
    [
      'a DTD (entity expansion)',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>&a;</cas:user></cas:authenticationSuccess></cas:serviceResponse>',
    ],
  ])('refuses %s as malformed', (_name, xml) => {
    expect(parseCasAnswer(xml)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('maps the configured attribute names: the first present name of each list, the e-mail lowercased', () => {
    const names = { email: ['email', 'mail'], givenName: ['givenName'], familyName: ['sn'], studentCode: ['mssv'] };
    expect(identityFromCas('an', { mail: ['An@HCMUT.edu.vn'], mssv: ['2110001'], givenName: ['An'] }, names)).toEqual({
      provider: 'cas',
      subject: 'an',
      email: 'an@hcmut.edu.vn',
      studentCode: '2110001',
      givenName: 'An',
      familyName: null,
    });
    // email wins over mail when both are sent; a role or group attribute is never read
    expect(
      identityFromCas('an', { email: ['first@hcmut.edu.vn'], mail: ['second@hcmut.edu.vn'], role: ['spso'] }, names),
    ).toMatchObject({ email: 'first@hcmut.edu.vn' });
    expect(identityFromCas('an', { email: ['not an address'] }, names).email).toBeNull();
  });
});
