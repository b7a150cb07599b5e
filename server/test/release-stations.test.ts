/**
 * The officers' list of a printer's release stations (GET /v1/spso/release-station?printerId=), over real
 * HTTP on the app: stations in use first, newest first, never their keys; when each last took a code; the
 * revoked ones with their revocation; who may ask (401, 403) and bad input (400, 404 in Vietnamese).
 */
import type { FastifyInstance } from 'fastify';
import type { ReleaseStationCreated, ReleaseStationListResponse, StationCodeResponse } from 'shared-api/contracts';
import { bearer, body, createTestApp, DRIVER, loginAs, VIETNAMESE, type TestApp } from './helpers';

const PRINTER = 'H1-101';
const OTHER = 'H1-203';
const LIST = '/v1/spso/release-station';

describe(`release stations of a printer (${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let spso: string;
  /** The test's clock: real time moved by `shift`. */
  let shift = 0;
  const clock = () => new Date(Date.now() + shift);

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false }, release: { now: clock } });
    app = t.app;
    spso = (await loginAs(app, 'spso')).accessToken;
  });
  afterAll(() => t.close());

  const create = async (printerId: string) => {
    const created = await app.inject({ method: 'POST', url: LIST, headers: bearer(spso), payload: { printerId } });
    expect(created.statusCode).toBe(200);
    return body<ReleaseStationCreated>(created).data;
  };
  const list = async (printerId: string) => {
    const answer = await app.inject({ url: LIST, query: { printerId }, headers: bearer(spso) });
    expect(answer.statusCode).toBe(200);
    return body<ReleaseStationListResponse>(answer).data.stations;
  };

  it('lists the stations of one printer, in use first and newest first, without their keys', async () => {
    const first = await create(PRINTER);
    const second = await create(PRINTER);
    const elsewhere = await create(OTHER);
    const third = await create(PRINTER);
    const revoked = await app.inject({
      method: 'DELETE',
      url: LIST,
      headers: bearer(spso),
      payload: { stationId: second.stationId },
    });
    expect(revoked.statusCode).toBe(200);

    const answer = await app.inject({ url: LIST, query: { printerId: 'h1-101' }, headers: bearer(spso) });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(first.token);
    expect(answer.body).not.toContain('token');
    const stations = body<ReleaseStationListResponse>(answer).data.stations;
    expect(stations.map((s) => s.stationId)).toEqual([third.stationId, first.stationId, second.stationId]);
    expect(stations.map((s) => s.stationId)).not.toContain(elsewhere.stationId);
    for (const station of stations) {
      expect(station.printerId).toBe(PRINTER);
      expect(Number.isNaN(Date.parse(station.createdAt))).toBe(false);
      expect(station.lastSeenAt).toBeNull();
    }
    expect(stations[0]!.revokedAt).toBeNull();
    expect(stations[1]!.revokedAt).toBeNull();
    expect(Number.isNaN(Date.parse(stations[2]!.revokedAt ?? ''))).toBe(false);
    expect((await list(OTHER)).map((s) => s.stationId)).toEqual([elsewhere.stationId]);
  });

  it('says when a station last took a code', async () => {
    const station = await create(OTHER);
    const never = (await list(OTHER)).find((s) => s.stationId === station.stationId);
    expect(never?.lastSeenAt).toBeNull();

    shift = 5 * 60_000;
    const code = await app.inject({ url: '/v1/release-station/code', headers: { 'x-station-token': station.token } });
    expect(code.statusCode).toBe(200);
    const issued = Date.parse(body<StationCodeResponse>(code).data.expiresAt) - 60_000;
    const seen = (await list(OTHER)).find((s) => s.stationId === station.stationId);
    expect(Date.parse(seen?.lastSeenAt ?? '')).toBe(issued);

    // a later window issues the next code: seen later
    shift = 7 * 60_000;
    const next = await app.inject({ url: '/v1/release-station/code', headers: { 'x-station-token': station.token } });
    expect(next.statusCode).toBe(200);
    const later = (await list(OTHER)).find((s) => s.stationId === station.stationId);
    expect(Date.parse(later?.lastSeenAt ?? '')).toBe(
      Date.parse(body<StationCodeResponse>(next).data.expiresAt) - 60_000,
    );
    expect(Date.parse(later?.lastSeenAt ?? '')).toBeGreaterThan(issued);
    shift = 0;
  });

  it('answers officers only: no token 401, a student or staff 403', async () => {
    const none = await app.inject({ url: LIST, query: { printerId: PRINTER } });
    expect(none.statusCode).toBe(401);
    for (const role of ['student', 'staff'] as const) {
      const token = (await loginAs(app, role)).accessToken;
      const refused = await app.inject({ url: LIST, query: { printerId: PRINTER }, headers: bearer(token) });
      expect(refused.statusCode).toBe(403);
      expect(body(refused).message).toMatch(VIETNAMESE);
    }
    // a station's key is no officer either
    const station = await create(PRINTER);
    const byStation = await app.inject({
      url: LIST,
      query: { printerId: PRINTER },
      headers: { 'x-station-token': station.token },
    });
    expect(byStation.statusCode).toBe(401);
  });

  it('400 without a printer, 404 for an unknown one, in Vietnamese', async () => {
    const missing = await app.inject({ url: LIST, headers: bearer(spso) });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toMatch(VIETNAMESE);
    const unknown = await app.inject({ url: LIST, query: { printerId: 'NO-SUCH' }, headers: bearer(spso) });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toMatch(VIETNAMESE);
  });
});
