import fs from 'node:fs';
import path from 'node:path';
import type { InactiveFileType, InactiveFileTypeReason } from 'shared-api/contracts';
import { detectNetworkSandbox, findSoffice, type NetworkSandbox } from './conversion';
import { isCountableExtension, needsConversion } from './page-count';

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

/**
 * What this machine can do with documents: where LibreOffice's soffice is and which of its applications
 * are installed. Detected once when the app is built (`detectDocumentTools`) and handed to the services,
 * so nothing below asks the machine again and tests choose either branch (LibreOffice present or absent)
 * whatever is installed where they run.
 */
export interface DocumentTools {
  /** soffice's path, or null when LibreOffice is not installed. */
  soffice: string | null;
  /** The LibreOffice applications that can convert here (empty without soffice). */
  officeApps: ReadonlySet<OfficeApp>;
  /** How conversions are cut off from the network here; null: they are not (the server logs a warning). */
  sandbox: NetworkSandbox | null;
}

/** Every LibreOffice application: what a machine with all of them installed converts. */
export const ALL_OFFICE_APPS: ReadonlySet<OfficeApp> = new Set(Object.keys(APP_LIBRARY) as OfficeApp[]);

/** No LibreOffice: Office types are marked and refused. */
export const NO_DOCUMENT_TOOLS: DocumentTools = { soffice: null, officeApps: new Set(), sandbox: null };

/**
 * The LibreOffice applications installed beside `soffice`: none without it; when its program folder
 * cannot be read (another layout), all of them. `readDir` is the folder listing (tests give their own).
 */
export function officeAppsBeside(
  soffice: string | null,
  readDir: (dir: string) => string[] = (dir) => fs.readdirSync(dir),
): ReadonlySet<OfficeApp> {
  if (!soffice) return new Set();
  const all = [...ALL_OFFICE_APPS];
  try {
    let real = soffice;
    try {
      real = fs.realpathSync(soffice);
    } catch {
      // a path that is not on this disk (tests): its folder as given
    }
    const files = readDir(path.dirname(real));
    const found = all.filter((app) =>
      files.some((file) => file.startsWith(`lib${APP_LIBRARY[app]}.`) || file === `lib${APP_LIBRARY[app]}.so`),
    );
    return new Set(found.length > 0 ? found : all);
  } catch {
    return new Set(all);
  }
}

/**
 * The document tools of this machine: soffice on PATH, the applications beside it, and the network
 * sandbox conversions run in (only looked for when there is something to convert).
 */
export function detectDocumentTools(
  find: () => string | null = findSoffice,
  findSandbox: () => NetworkSandbox | null = detectNetworkSandbox,
): DocumentTools {
  const soffice = find();
  return { soffice, officeApps: officeAppsBeside(soffice), sandbox: soffice ? findSandbox() : null };
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
export function inactiveFileTypes(types: readonly string[], officeApps: ReadonlySet<OfficeApp>): InactiveFileType[] {
  const inactive: InactiveFileType[] = [];
  for (const type of types) {
    const reason = fileTypeProblem(type, officeApps);
    if (reason) inactive.push({ type, reason });
  }
  return inactive;
}

/** The allowed types students see and may upload: the configured ones this server can take. */
export function activeFileTypes(types: readonly string[], officeApps: ReadonlySet<OfficeApp>): string[] {
  return types.filter((type) => fileTypeProblem(type, officeApps) === null);
}
