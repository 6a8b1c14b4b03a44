/**
 * Manual dubbing's CSV (the SDK's `csv_file`): one row per segment, columns speaker, start_time, end_time,
 * transcription, translation, with a header row. Times are seconds (`1.5`), timecodes `HH:MM:SS,mmm` /
 * `HH:MM:SS.mmm`, or `HH:MM:SS:FF` frames at `fps`. Quoted fields may hold commas, quotes ("") and newlines.
 */
export interface CsvSegment {
  speaker: string;
  start: number;
  end: number;
  transcription: string;
  translation: string;
}

const COLUMNS = ['speaker', 'start_time', 'end_time', 'transcription', 'translation'] as const;

/** Rows of RFC 4180 CSV. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f.trim())) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim())) rows.push(row);
  return rows;
}

/** Seconds of a time field, or NaN. */
export function csvTime(value: string, fps?: number): number {
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v);
  const tc = /^(\d+):(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3})|:(\d{1,3}))?$/.exec(v);
  if (!tc) return NaN;
  const base = Number(tc[1]) * 3600 + Number(tc[2]) * 60 + Number(tc[3]);
  if (tc[4]) return base + Number(tc[4].padEnd(3, '0')) / 1000;
  if (tc[5]) return base + Number(tc[5]) / (fps ?? 25);
  return base;
}

/** The segments of a manual-mode CSV, or the first problem found as an error text. */
export function parseDubbingCsv(text: string, fps?: number): { segments: CsvSegment[] } | { error: string } {
  const rows = parseCsvRows(text.replace(/^\uFEFF/, ''));
  const header = rows.shift()?.map((h) => h.trim().toLowerCase());
  if (!header || COLUMNS.some((c) => !header.includes(c)))
    return { error: `The CSV needs a header row with the columns ${COLUMNS.join(', ')}.` };
  const at = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const segments: CsvSegment[] = [];
  for (const [i, r] of rows.entries()) {
    const start = csvTime(r[at.start_time] ?? '', fps);
    const end = csvTime(r[at.end_time] ?? '', fps);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start)
      return {
        error: `CSV row ${i + 2}: start_time and end_time must be times with end_time after start_time.`,
      };
    segments.push({
      speaker: (r[at.speaker] ?? '').trim() || 'speaker_0',
      start,
      end,
      transcription: (r[at.transcription] ?? '').trim(),
      translation: (r[at.translation] ?? '').trim(),
    });
  }
  if (!segments.length) return { error: 'The CSV has no segments.' };
  return { segments: segments.sort((a, b) => a.start - b.start) };
}
