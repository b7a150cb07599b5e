import type { SystemConfigUpdate, SystemConfigView } from 'shared-api/contracts';
import {
  CONFIG_HELD_MINUTES_DEFAULT,
  CONFIG_RETENTION_DEFAULT,
  normalizeFileType,
  systemConfigProblems,
} from 'shared-api/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import { errors } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { createOwnPasswordCheck } from '../auth/own-password';
import { noticeConfigChanged } from '../notices/notices.writers';
import { inactiveFileTypes, type OfficeApp } from '../../documents/file-types';
import * as repo from './system-config.repository';
import { CONFIG_TEXTS, configChangeLine, configProblemText } from './system-config.texts';

export interface SystemConfigServiceDeps {
  db: Db;
  events: DomainEvents;
  /** The login rules: the password of a change is limited the same way (free failures, doubling waits). */
  config: Pick<AppConfig, 'login'>;
  /** The LibreOffice applications of this machine: the page marks the Office types it cannot take. */
  officeApps: ReadonlySet<OfficeApp>;
}

/**
 * The configuration in force, read per call (an officer may change it at any time, on any instance):
 * what every other module asks, never the repository.
 */
export function readConfigInForce(db: Db): Promise<repo.SystemConfig> {
  return repo.readSystemConfig(db);
}

export type { SystemConfig } from './system-config.repository';

export type SystemConfigService = ReturnType<typeof createSystemConfigService>;

/** The failures of an officer's configuration password are kept with the logins', under this key. */
const passwordKey = (userId: string) => `config-password:${userId}`;

function toView(row: repo.SystemConfig, stamp: repo.ConfigStamp, officeApps: ReadonlySet<OfficeApp>): SystemConfigView {
  return {
    currentBalance: row.current_balance,
    defaultBalance: row.default_balance,
    startDate1: row.start_date1,
    startDate2: row.start_date2,
    currentA4Price: row.current_a4_price,
    defaultA4Price: row.default_a4_price,
    currentFileType: row.current_file_type,
    defaultFileType: row.default_file_type,
    isDefault: row.is_default,
    retentionHours: row.retention_hours,
    defaultRetentionHours: CONFIG_RETENTION_DEFAULT,
    heldJobMinutes: row.held_job_minutes,
    defaultHeldJobMinutes: CONFIG_HELD_MINUTES_DEFAULT,
    inactiveFileTypes: inactiveFileTypes(row.current_file_type, officeApps),
    updatedAt: stamp.updated_at && stamp.first_name !== null ? stamp.updated_at : null,
    updatedBy: stamp.first_name !== null ? { firstName: stamp.first_name, lastName: stamp.last_name ?? '' } : null,
  };
}

const sameTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The changed fields as the notice lists them ('Giá một trang A4: 500 → 600'), in the reader's language. */
function changeLines(before: repo.SystemConfigWrite, after: repo.SystemConfigWrite, lang: 'vi' | 'en'): string[] {
  const lines: string[] = [];
  const line = (field: Parameters<typeof configChangeLine>[0], from: string, to: string) =>
    lines.push(configChangeLine(field, from, to, lang));
  if (before.current_balance !== after.current_balance)
    line('currentBalance', String(before.current_balance), String(after.current_balance));
  if (before.start_date1 !== after.start_date1) line('startDate1', before.start_date1, after.start_date1);
  if (before.start_date2 !== after.start_date2) line('startDate2', before.start_date2, after.start_date2);
  if (before.current_a4_price !== after.current_a4_price)
    line('currentA4Price', String(before.current_a4_price), String(after.current_a4_price));
  if (!sameTypes(before.current_file_type, after.current_file_type))
    line('currentFileType', before.current_file_type.join(', '), after.current_file_type.join(', '));
  if (before.retention_hours !== after.retention_hours)
    line('retentionHours', String(before.retention_hours), String(after.retention_hours));
  if (before.held_job_minutes !== after.held_job_minutes)
    line('heldJobMinutes', String(before.held_job_minutes), String(after.held_job_minutes));
  return lines;
}

/**
 * The system configuration of the officers: read it, and change it with the officer's own password
 * (checked here, limited like logins). A change is one transaction: the row, its audit record (who,
 * when, before, after) and the notice to the other officers; then every cache and scheduler that reads
 * it is told ('config-changed').
 */
export function createSystemConfigService({ db, events, config, officeApps }: SystemConfigServiceDeps) {
  const checkOwnPassword = createOwnPasswordCheck(db, config);
  const passwordTexts = { wrong: CONFIG_TEXTS.wrongPassword, tooMany: CONFIG_TEXTS.tooManyPasswords };
  const checkPassword = (user: AuthUser, password: string, ip: string) =>
    checkOwnPassword({ userId: user.id, password, ip, key: passwordKey(user.id), texts: passwordTexts });

  return {
    async get(): Promise<SystemConfigView> {
      const [row, stamp] = await Promise.all([repo.readSystemConfig(db), repo.findConfigStamp(db)]);
      return toView(row, stamp, officeApps);
    },

    async update(user: AuthUser, body: SystemConfigUpdate, ip: string): Promise<SystemConfigView> {
      const fileTypes = Array.isArray(body.currentFileType)
        ? body.currentFileType.map((type) => (typeof type === 'string' ? normalizeFileType(type) : type))
        : body.currentFileType;
      const problems = systemConfigProblems({ ...body, currentFileType: fileTypes });
      if (problems[0]) throw errors.badRequest(configProblemText(problems[0]));
      if (typeof body.password !== 'string' || body.password.length === 0)
        throw errors.badRequest(CONFIG_TEXTS.passwordRequired);
      await checkPassword(user, body.password, ip);

      const outcome = await db.tx(async (t) => {
        const current = await repo.lockSystemConfig(t);
        const before: repo.SystemConfigWrite = {
          current_balance: current.current_balance,
          start_date1: current.start_date1,
          start_date2: current.start_date2,
          current_a4_price: current.current_a4_price,
          current_file_type: current.current_file_type,
          is_default: current.is_default,
          retention_hours: current.retention_hours,
          held_job_minutes: current.held_job_minutes,
        };
        // an older client (the spec's) sends no retention nor held minutes: the values in force stay
        const retention = body.retentionHours ?? current.retention_hours;
        const heldMinutes = body.heldJobMinutes ?? current.held_job_minutes;
        const after: repo.SystemConfigWrite = {
          current_balance: body.currentBalance,
          start_date1: body.startDate1,
          start_date2: body.startDate2,
          current_a4_price: body.currentA4Price,
          current_file_type: fileTypes,
          // 'default' is kept only while the values are the defaults
          is_default:
            body.isDefault === true &&
            body.currentBalance === current.default_balance &&
            body.currentA4Price === current.default_a4_price &&
            sameTypes(fileTypes, current.default_file_type) &&
            retention === CONFIG_RETENTION_DEFAULT &&
            heldMinutes === CONFIG_HELD_MINUTES_DEFAULT,
          retention_hours: retention,
          held_job_minutes: heldMinutes,
        };
        const lines = { vi: changeLines(before, after, 'vi'), en: changeLines(before, after, 'en') };
        if (lines.vi.length === 0 && before.is_default === after.is_default) return null;
        await repo.writeSystemConfig(t, after, user.id);
        await repo.insertConfigChange(t, user.id, before, after);
        const roles = lines.vi.length > 0 ? await noticeConfigChanged(t, user.id, lines) : [];
        return { lines, roles };
      });
      if (outcome) {
        events.emit('config-changed', { actorId: user.id, fields: outcome.lines.vi });
        if (outcome.roles.length > 0) events.emit('notices-changed', { roles: outcome.roles });
      }
      return this.get();
    },
  };
}
