/**
 * Batch-call recipients from a CSV file (decision 228): a header row with a `phone_number` column; every other
 * column is a dynamic variable of that recipient's conversation. Quoted fields ("a, b", "say ""hi""") are
 * read as RFC 4180 says. Problems are reported by line, so the file can be fixed.
 */
export type CsvRecipient = { phone_number: string; dynamic_variables: Record<string, string> };
export type CsvResult = { recipients: CsvRecipient[]; errors: string[] };

export const MAX_BATCH_RECIPIENTS = 10_000;
const PHONE = /^\+?[1-9]\d{2,14}$/;
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

export function parseRecipientsCsv(text: string): CsvResult {
  const rows = parseCsvRows(text);
  const errors: string[] = [];
  const header = (rows[0] ?? []).map((h) => h.trim());
  const phoneAt = header.indexOf('phone_number');
  if (phoneAt < 0)
    return { recipients: [], errors: ['The first line must name the columns, one of them phone_number.'] };
  header.forEach((h, i) => {
    if (i !== phoneAt && !VARIABLE.test(h))
      errors.push(`Column ${i + 1} ("${h}") is not a variable name: letters, digits and underscores.`);
  });
  const recipients: CsvRecipient[] = [];
  rows.slice(1).forEach((r, n) => {
    const line = n + 2;
    const phone = (r[phoneAt] ?? '').trim().replace(/[\s().-]/g, '');
    if (!PHONE.test(phone)) {
      errors.push(`Line ${line}: "${r[phoneAt] ?? ''}" is not a phone number.`);
      return;
    }
    const dynamic_variables: Record<string, string> = {};
    header.forEach((h, i) => {
      if (i !== phoneAt && h) dynamic_variables[h] = (r[i] ?? '').trim();
    });
    recipients.push({ phone_number: phone, dynamic_variables });
  });
  if (!recipients.length && !errors.length) errors.push('The file has no recipients.');
  if (recipients.length > MAX_BATCH_RECIPIENTS)
    errors.push(`A batch has at most ${MAX_BATCH_RECIPIENTS.toLocaleString('en-US')} recipients.`);
  return { recipients, errors };
}
