import fs from 'node:fs';
import path from 'node:path';
import type { InactiveFileType, InactiveFileTypeReason } from 'shared-api/contracts';
import { findSoffice, isCountableExtension, needsConversion } from '../print-jobs/page-count/page-count';

/** The LibreOffice applications that convert each Office type (Debian installs them apart). */
export type OfficeApp = 'writer' | 'calc' | 'impress';

const APP_OF_TYPE: Readonly<Record<string, OfficeApp>> = {
  docx: 'writer',
  doc: 'writer',
  odt: 'writer',
  rtf: 'writer',
  xlsx: 'calc',
  xls: 'calc',
  ods: 'calc',
  pptx: 'impress',
  ppt: 'impress',
  odp: 'impress',
};

/** The library each application brings into LibreOffice's program folder. */
const APP_LIBRARY: Readonly<Record<OfficeApp, string>> = { writer: 'swlo', calc: 'sclo', impress: 'sdlo' };

let installed: ReadonlySet<OfficeApp> | undefined;

/**
 * The LibreOffice applications installed on this machine, looked up once: none without soffice; when its
 * program folder cannot be read (another layout), all of them.
 */
export function officeAppsOnThisMachine(): ReadonlySet<OfficeApp> {
  if (installed) return installed;
  const soffice = findSoffice();
  const all = Object.keys(APP_LIBRARY) as OfficeApp[];
  if (!soffice) return (installed = new Set());
  try {
    const files = fs.readdirSync(path.dirname(fs.realpathSync(soffice)));
    const found = all.filter((app) =>
      files.some((file) => file.startsWith(`lib${APP_LIBRARY[app]}.`) || file === `lib${APP_LIBRARY[app]}.so`),
    );
    installed = new Set(found.length > 0 ? found : all);
  } catch {
    installed = new Set(all);
  }
  return installed;
}

/**
 * Why this server cannot take a file type now, or null when it can: no page counter knows it, or it is
 * an Office type and the LibreOffice application that converts it is not installed here.
 */
export function fileTypeProblem(type: string, officeApps: ReadonlySet<OfficeApp>): InactiveFileTypeReason | null {
  if (!isCountableExtension(type)) return 'unsupported';
  if (!needsConversion(type)) return null;
  const app = APP_OF_TYPE[type.toLowerCase()];
  return app && officeApps.has(app) ? null : 'needs-libreoffice';
}

/** The allowed types this server cannot take, with the reason (the /Config page marks them). */
export function inactiveFileTypes(
  types: readonly string[],
  officeApps: ReadonlySet<OfficeApp> = officeAppsOnThisMachine(),
): InactiveFileType[] {
  const inactive: InactiveFileType[] = [];
  for (const type of types) {
    const reason = fileTypeProblem(type, officeApps);
    if (reason) inactive.push({ type, reason });
  }
  return inactive;
}

/** The allowed types students see and may upload: the configured ones this server can take. */
export function activeFileTypes(
  types: readonly string[],
  officeApps: ReadonlySet<OfficeApp> = officeAppsOnThisMachine(),
): string[] {
  return types.filter((type) => fileTypeProblem(type, officeApps) === null);
}
