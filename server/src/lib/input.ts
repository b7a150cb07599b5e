import { AppError } from './errors';

/**
 * The rules every text from a client follows before it reaches a rule, a query or a log line: no NUL
 * or other control character (tab, line feed and carriage return are allowed where a field says so),
 * no lone UTF-16 surrogate (PostgreSQL and encodeURIComponent both refuse them), bounded length.
 * JSON bodies and query strings get the same rules through the validation layer's `safe-text` format;
 * multipart fields and file names call these functions directly.
 */

/** The longest text field any route takes unless its schema says otherwise. */
export const DEFAULT_MAX_TEXT = 2_000;

// C0 controls but tab, LF and CR; DEL; C1 controls. Built from code points so the file holds no raw control bytes.
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// a high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextRules {
  /** Longest accepted length in UTF-16 units (default DEFAULT_MAX_TEXT). */
  maxLength?: number;
  /** Allow tab, line feed and carriage return (multi-line texts such as chat); default false. */
  multiline?: boolean;
}

/** Why a client text cannot be taken (a Vietnamese phrase), or null when it is acceptable. */
export function textProblem(value: string, rules: TextRules = {}): string | null {
  const maxLength = rules.maxLength ?? DEFAULT_MAX_TEXT;
  if (value.length > maxLength) return `không được dài quá ${maxLength} ký tự`;
  if (LONE_SURROGATE.test(value)) return 'chứa ký tự Unicode không hợp lệ';
  if ((rules.multiline ? CONTROL_BUT_WHITESPACE : ANY_CONTROL).test(value)) return 'chứa ký tự điều khiển không hợp lệ';
  return null;
}

/**
 * Returns the text when it follows the rules, else throws 400 naming the field, e.g.
 * `Trường "printerId" chứa ký tự điều khiển không hợp lệ`.
 */
export function assertCleanText(value: string, field: string, rules: TextRules = {}): string {
  const problem = textProblem(value, rules);
  if (problem) throw new AppError(400, 'VALIDATION_FAILED', `Trường "${field}" ${problem}`);
  return value;
}
