import type { KeyboardEvent } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CONFIG_BLOCKED_NUMBER_KEYS,
  systemConfigProblems,
  type SystemConfigField,
  type SystemConfigProblem,
  type SystemConfigView,
} from 'shared-api';

/** The form's values: numbers as typed (null when empty), the dates as the pickers hold them. */
export interface ConfigFormValues {
  currentBalance: number | null;
  startDate1: Dayjs | null;
  startDate2: Dayjs | null;
  currentA4Price: number | null;
  currentFileType: string[];
  /** Hours files are kept after their jobs ended. */
  retentionHours: number | null;
}

const ISO_DAY = 'YYYY-MM-DD';

/** The form as the server's configuration fills it (the current values, or the defaults for 'Mặc định'). */
export function formValuesOf(view: SystemConfigView, which: 'current' | 'default' = 'current'): ConfigFormValues {
  return {
    currentBalance: which === 'current' ? view.currentBalance : view.defaultBalance,
    startDate1: view.startDate1 ? dayjs(view.startDate1, ISO_DAY) : null,
    startDate2: view.startDate2 ? dayjs(view.startDate2, ISO_DAY) : null,
    currentA4Price: which === 'current' ? view.currentA4Price : view.defaultA4Price,
    currentFileType: [...(which === 'current' ? view.currentFileType : view.defaultFileType)],
    retentionHours: which === 'current' ? view.retentionHours : view.defaultRetentionHours,
  };
}

/** The values as the contract and the server read them (dates as 'YYYY-MM-DD'). */
export function contractValuesOf(values: Partial<ConfigFormValues>) {
  return {
    currentBalance: values.currentBalance ?? undefined,
    startDate1: values.startDate1 ? values.startDate1.format(ISO_DAY) : undefined,
    startDate2: values.startDate2 ? values.startDate2.format(ISO_DAY) : undefined,
    currentA4Price: values.currentA4Price ?? undefined,
    currentFileType: values.currentFileType ?? [],
    // an emptied field is a missing value (null), not a field left out
    retentionHours: values.retentionHours ?? null,
  };
}

/** The first rule one field breaks (the contract's rules, the server's too), or null. */
export function problemOf(field: SystemConfigField, values: Partial<ConfigFormValues>): SystemConfigProblem | null {
  return systemConfigProblems(contractValuesOf(values)).find((problem) => problem.field === field) ?? null;
}

/** e, E, + and - never reach the number inputs (spec section 5). */
export function blockNumberKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (CONFIG_BLOCKED_NUMBER_KEYS.includes(event.key)) event.preventDefault();
}
