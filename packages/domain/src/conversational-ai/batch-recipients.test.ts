import { describe, expect, it } from 'vitest';
import { parseCsvRows, parseRecipientsCsv } from './batch-recipients';

describe('batch recipients from CSV', () => {
  it('reads quoted fields, CRLF and a byte-order mark', () => {
    expect(parseCsvRows('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
  });

  it('takes phone_number and every other column as a dynamic variable', () => {
    expect(
      parseRecipientsCsv('name,phone_number,plan\nAda,+1 (555) 123-0001,Pro\nBob,15551230002,\n'),
    ).toEqual({
      recipients: [
        { phone_number: '+15551230001', dynamic_variables: { name: 'Ada', plan: 'Pro' } },
        { phone_number: '15551230002', dynamic_variables: { name: 'Bob', plan: '' } },
      ],
      errors: [],
    });
  });

  it('reports what is wrong by line', () => {
    expect(parseRecipientsCsv('name,phone\nAda,+15551230001').errors).toEqual([
      'The first line must name the columns, one of them phone_number.',
    ]);
    expect(parseRecipientsCsv('phone_number,first name\ncall me,Ada\n+15551230001,Bob').errors).toEqual([
      'Column 2 ("first name") is not a variable name: letters, digits and underscores.',
      'Line 2: "call me" is not a phone number.',
    ]);
    expect(parseRecipientsCsv('phone_number\n').errors).toEqual(['The file has no recipients.']);
  });
});
