import { DomainEvents } from '../src/events/domain-events';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from '../src/config';
import type { Db } from '../src/db';
import { createSchoolSignInService } from '../src/modules/auth/school-sign-in.service';

/** The school sign-in's settings: read once, checked together, and what production insists on. */

const PRODUCTION = {
  NODE_ENV: 'production',
  SEED_DEMO: 'false',
  ALLOW_SANDBOX_GATEWAY: 'true',
};

describe('school sign-in configuration', () => {
  it('is off by default: no CAS, no OIDC, passwords for every role', () => {
    expect(loadConfig({}).sso).toEqual({
      cas: null,
      oidc: null,
      emailDomains: [],
      passwordLoginRoles: ['student', 'staff', 'spso'],
      timeoutMs: 5_000,
      schoolLogout: true,
    });
  });

  it('reads CAS with its defaults: /serviceValidate and the attribute names of the issue', () => {
    expect(loadConfig({ CAS_URL: 'https://sso.hcmut.edu.vn/cas/' }).sso.cas).toEqual({
      url: 'https://sso.hcmut.edu.vn/cas',
      validatePath: '/serviceValidate',
      attributes: { email: ['email', 'mail'], givenName: ['givenName'], familyName: ['sn'], studentCode: ['mssv'] },
      label: null,
    });
    const custom = loadConfig({
      CAS_URL: 'https://sso.hcmut.edu.vn/cas',
      CAS_VALIDATE_PATH: '/p3/serviceValidate',
      CAS_ATTRIBUTE_EMAIL: 'userPrincipalName',
      CAS_ATTRIBUTE_STUDENT_CODE: 'studentId, mssv',
      CAS_LABEL: 'HCMUT SSO',
    }).sso.cas;
    expect(custom).toMatchObject({
      validatePath: '/p3/serviceValidate',
      attributes: { email: ['userPrincipalName'], studentCode: ['studentId', 'mssv'] },
      label: 'HCMUT SSO',
    });
    expect(() => loadConfig({ CAS_URL: 'https://sso.test/cas', CAS_VALIDATE_PATH: '/validate' })).toThrow(
      /CAS_VALIDATE_PATH/,
    );
    expect(() => loadConfig({ CAS_URL: 'ftp://sso.test/cas' })).toThrow(/CAS_URL/);
    expect(() => loadConfig({ CAS_URL: 'https://sso.test/cas?next=x' })).toThrow(/CAS_URL/);
  });

  it('reads OIDC: issuer, client id and secret go together; the student code claim defaults to preferred_username', () => {
    const env = { OIDC_ISSUER: 'https://login.hcmut.edu.vn', OIDC_CLIENT_ID: 'sp', OIDC_CLIENT_SECRET: 's3cret' };
    expect(loadConfig(env).sso.oidc).toEqual({
      issuer: 'https://login.hcmut.edu.vn',
      clientId: 'sp',
      clientSecret: 's3cret',
      studentCodeClaim: 'preferred_username',
      label: null,
    });
    expect(loadConfig({ ...env, OIDC_STUDENT_CODE_CLAIM: 'student_id' }).sso.oidc?.studentCodeClaim).toBe('student_id');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.hcmut.edu.vn' })).toThrow(/go together/);
  });

  it('reads SSO_EMAIL_DOMAINS and PASSWORD_LOGIN_ROLES, refusing what is neither a domain nor a role', () => {
    const config = loadConfig({
      SSO_EMAIL_DOMAINS: 'HCMUT.edu.vn, @student.hcmut.edu.vn',
      PASSWORD_LOGIN_ROLES: 'staff,SPSO',
    });
    expect(config.sso.emailDomains).toEqual(['hcmut.edu.vn', 'student.hcmut.edu.vn']);
    expect(config.sso.passwordLoginRoles).toEqual(['staff', 'spso']);
    expect(() => loadConfig({ SSO_EMAIL_DOMAINS: 'hcmut' })).toThrow(/SSO_EMAIL_DOMAINS/);
    expect(() => loadConfig({ PASSWORD_LOGIN_ROLES: 'student,admin' })).toThrow(/PASSWORD_LOGIN_ROLES.*admin/);
    expect(loadConfig({ SSO_TIMEOUT: '2s', SSO_LOGOUT: 'false' }).sso).toMatchObject({
      timeoutMs: 2_000,
      schoolLogout: false,
    });
  });

  it('production with CAS or OIDC needs PUBLIC_URL (callbacks are built from it) and https school servers', () => {
    const cas = { CAS_URL: 'https://sso.hcmut.edu.vn/cas' };
    expect(() => loadConfig({ ...PRODUCTION, ...cas })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, ...cas })).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({ ...PRODUCTION, OIDC_ISSUER: 'https://id.test', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }),
    ).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...PRODUCTION, ...cas, PUBLIC_URL: 'https://print.hcmut.edu.vn' }).sso.cas?.url).toBe(
      'https://sso.hcmut.edu.vn/cas',
    );
    expect(() =>
      loadConfig({ ...PRODUCTION, CAS_URL: 'http://sso.hcmut.edu.vn/cas', PUBLIC_URL: 'https://print.hcmut.edu.vn' }),
    ).toThrow(/CAS_URL=http:/);
    // outside production an http school server and no PUBLIC_URL are fine (a laboratory, the tests)
    expect(loadConfig({ CAS_URL: 'http://127.0.0.1:8443/cas' }).sso.cas?.url).toBe('http://127.0.0.1:8443/cas');
  });
});

describe('GET /v1/auth/providers, as the service lists them', () => {
  const providers = (env: Record<string, string>, lang: 'vi' | 'en' = 'vi') =>
    createSchoolSignInService({
      // listing touches neither the database, the sessions nor the logs
      db: {} as Db,
      config: loadConfig({ PUBLIC_URL: 'https://print.hcmut.edu.vn', ...env }),
      auth: { startSession: jest.fn() },
      events: new DomainEvents(),
      log: {} as FastifyBaseLogger,
    }).providers(lang);
  const OIDC = { OIDC_ISSUER: 'https://login.hcmut.edu.vn', OIDC_CLIENT_ID: 'sp', OIDC_CLIENT_SECRET: 's' };

  it('is empty when neither is configured', () => {
    expect(providers({})).toEqual([]);
  });

  it('lists both when both are configured, two buttons told apart, links under PUBLIC_URL', () => {
    expect(providers({ CAS_URL: 'https://sso.hcmut.edu.vn/cas', ...OIDC })).toEqual([
      { id: 'cas', label: 'Đăng nhập bằng tài khoản trường', loginUrl: 'https://print.hcmut.edu.vn/v1/auth/cas/login' },
      {
        id: 'oidc',
        label: 'Đăng nhập bằng tài khoản trường (OpenID Connect)',
        loginUrl: 'https://print.hcmut.edu.vn/v1/auth/oidc/login',
      },
    ]);
    expect(providers({ ...OIDC }, 'en')[0]?.label).toBe('Sign in with your school account');
  });

  it("uses the operator's labels when set, in every language", () => {
    const env = {
      CAS_URL: 'https://sso.hcmut.edu.vn/cas',
      CAS_LABEL: 'HCMUT SSO',
      ...OIDC,
      OIDC_LABEL: 'Microsoft 365',
    };
    expect(providers(env, 'en').map((provider) => provider.label)).toEqual(['HCMUT SSO', 'Microsoft 365']);
  });
});
