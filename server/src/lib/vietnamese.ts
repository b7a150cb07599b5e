/**
 * Vietnamese names for search and order: folding (diacritics away, 'đ' → 'd', lower case) so that
 * "nguyen van an" finds "Nguyễn Văn An", and an order key that sorts as a Vietnamese list does
 * (a ă â b c d đ e ê g h i k l m n o ô ơ p q r s t u ư v x y; tones only break ties). The SQL of
 * migration 7 was built from these tables: never change them, add a migration instead.
 */

/** Vowels with every tone: base letter → the 6 tone forms (level, grave, acute, hook, tilde, dot). */
const TONED: Readonly<Record<string, string>> = {
  a: 'aàáảãạ',
  ă: 'ăằắẳẵặ',
  â: 'âầấẩẫậ',
  e: 'eèéẻẽẹ',
  ê: 'êềếểễệ',
  i: 'iìíỉĩị',
  o: 'oòóỏõọ',
  ô: 'ôồốổỗộ',
  ơ: 'ơờớởỡợ',
  u: 'uùúủũụ',
  ư: 'ưừứửữự',
  y: 'yỳýỷỹỵ',
};

/** The Vietnamese alphabet in order, then the Latin letters it lacks (f, j, w, z) and the digits. */
const ORDER = 'aăâbcdđeêghiklmnoôơpqrstuưvxyfjwz0123456789';

/** Every letter form (both cases) → its base letter of ORDER. */
function baseLetters(): Map<string, string> {
  const map = new Map<string, string>();
  for (const letter of ORDER) map.set(letter, letter);
  for (const [base, forms] of Object.entries(TONED)) for (const form of forms) map.set(form, base);
  for (const [form, base] of [...map]) map.set(form.toUpperCase(), base);
  return map;
}

const BASE = baseLetters();
/** The ASCII letter a base letter folds to. */
const FOLD: Readonly<Record<string, string>> = { ă: 'a', â: 'a', đ: 'd', ê: 'e', ô: 'o', ơ: 'o', ư: 'u' };

/** Order key characters: '0' + position, from '0' (48) up, all ASCII and in ORDER's order under "C" collation. */
const orderChar = (base: string) => String.fromCharCode(48 + ORDER.indexOf(base));

/** "Nguyễn Văn Ân" → "nguyen van an" (NFC first, so a decomposed input folds the same). */
export function foldVietnamese(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const base = BASE.get(char);
    out += base === undefined ? char.toLowerCase() : (FOLD[base] ?? base);
  }
  return out;
}

/** translate() arguments folding every letter form of the tables: the SQL twin of foldVietnamese. */
export function foldTranslateArgs(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (const [form, base] of BASE) {
    if (/^[a-z0-9]$/.test(form)) continue;
    from += form;
    to += FOLD[base] ?? base;
  }
  return { from, to };
}

/** translate() arguments mapping every letter form to its order character. */
export function orderTranslateArgs(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (const [form, base] of BASE) {
    from += form;
    to += orderChar(base);
  }
  return { from, to };
}

/** The SQL string literal of a text ('' doubled). */
export const sqlLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
