import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyFromPassphrase, secretBoxFromKey } from './secrets';

describe('secrets at rest', () => {
  const box = secretBoxFromKey(randomBytes(32), 'database');

  it('round-trips, and never stores the plain text', () => {
    const sealed = box.seal('bot-token-123');
    expect(sealed).not.toContain('bot-token-123');
    expect(box.open(sealed)).toBe('bot-token-123');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses values sealed under another key or tampered with', () => {
    const other = secretBoxFromKey(keyFromPassphrase('another passphrase that is long enough'), 'SECRET_KEY');
    expect(other.open(box.seal('x'))).toBeNull();
    const parts = box.seal('secret').split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(box.open(parts.join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });
});
