import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('opens what it sealed; the sealed text does not contain the value; another key cannot open it', () => {
    const box = new SecretBox('a'.repeat(40));
    const sealed = box.seal('sk-live-123');
    expect(sealed).not.toContain('sk-live');
    expect(box.open(sealed)).toBe('sk-live-123');
    expect(box.seal('sk-live-123')).not.toBe(sealed);
    expect(() => new SecretBox('b'.repeat(40)).open(sealed)).toThrow();
  });
});
