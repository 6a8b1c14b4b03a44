/**
 * Characters no string of the API may carry (decision 032). NUL is refused by PostgreSQL in text and jsonb
 * alike, so a stored string holding it fails late, as a 500 after work (and charges) already happened. The
 * other C0 controls have no meaning in text and hide in logs, mails and file names; tab, line feed, vertical
 * tab, form feed and carriage return stay allowed, since pasted text carries them. An unpaired UTF-16
 * surrogate is not Unicode at all: encoders silently turn it into U+FFFD.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000E-\u001F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SUSPECT = /[\u0000-\u0008\u000E-\u001F\uD800-\uDFFF]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type ForbiddenKind = 'control_character' | 'unpaired_surrogate';

/** Where a string first breaks the rule: the UTF-16 index and the offending code unit. */
export type ForbiddenCharacter = { index: number; codeUnit: number; kind: ForbiddenKind };

/** One finding inside a structured value: its path (keys and array indexes) and whether a key broke it. */
export type ForbiddenFinding = ForbiddenCharacter & { path: (string | number)[]; inKey: boolean };

/** The first forbidden character of `text`, or null when the whole string is acceptable. */
export function findForbiddenCharacter(text: string): ForbiddenCharacter | null {
  // One pass for the common case (nothing to find); the exact search only when something looks suspect.
  if (!SUSPECT.test(text)) return null;
  const control = CONTROL.exec(text);
  const surrogate = UNPAIRED_SURROGATE.exec(text);
  const first = control && (!surrogate || control.index < surrogate.index) ? control : surrogate;
  if (!first) return null;
  return {
    index: first.index,
    codeUnit: text.charCodeAt(first.index),
    kind: first === control ? 'control_character' : 'unpaired_surrogate',
  };
}

/**
 * A record of parsed input: an object literal, or a dictionary without Object.prototype (parsers make
 * their results `Object.create(null)` or an instance of such a prototype, as fast-querystring does).
 * Class instances (buffers, streams) are not walked: they are not parsed text, and may hold cycles.
 */
function isRecord(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * Every string (and object key) in a parsed JSON-like value that holds a forbidden character, up to `limit`
 * findings. Arrays and plain objects are walked without recursion, so a deeply nested body
 * cannot exhaust the stack; anything else (numbers, buffers, streams) is skipped.
 */
export function findForbiddenCharacters(value: unknown, limit = 20): ForbiddenFinding[] {
  const found: ForbiddenFinding[] = [];
  // Only containers go on the stack, each linked to its parent, so the path is built only for a finding
  // (copying it per level would be quadratic) and a string costs no allocation.
  type Container = { value: unknown; key: string | number | null; parent: Container | null };
  const pathOf = (c: Container | null, last?: string | number): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let e = c; e && e.key !== null; e = e.parent) path.push(e.key);
    return path.reverse();
  };
  const visit = (child: unknown, key: string | number, parent: Container, stack: Container[]) => {
    if (typeof child === 'string') {
      const hit = findForbiddenCharacter(child);
      if (hit && found.length < limit) found.push({ ...hit, path: pathOf(parent, key), inKey: false });
    } else if (typeof child === 'object' && child !== null) stack.push({ value: child, key, parent });
  };
  if (typeof value === 'string') {
    const hit = findForbiddenCharacter(value);
    return hit ? [{ ...hit, path: [], inKey: false }] : [];
  }
  const stack: Container[] = [{ value, key: null, parent: null }];
  while (stack.length && found.length < limit) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) visit(current[i], i, entry, stack);
    } else if (isRecord(current)) {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const hit = findForbiddenCharacter(key);
        if (hit && found.length < limit) found.push({ ...hit, path: pathOf(entry, key), inKey: true });
        visit(current[key], key, entry, stack);
      }
    }
  }
  return found;
}

const hex = (unit: number) => `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;

/** The message a client sees for one finding, naming the character and where it is. */
export function forbiddenCharacterMessage(f: ForbiddenCharacter & { inKey?: boolean }): string {
  const where = `${f.inKey ? 'key' : 'value'} at position ${f.index}`;
  return f.kind === 'control_character'
    ? `Control characters are not allowed: ${hex(f.codeUnit)} in the ${where}.`
    : `Text must be valid Unicode: unpaired surrogate ${hex(f.codeUnit)} in the ${where}.`;
}
