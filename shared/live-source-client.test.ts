import { validateHeaderValue } from 'node:http';
import { describe, expect, it } from 'vitest';
import { headerText } from './live-source-client';

describe('headerText (the ice-name of a source connection)', () => {
  it('carries any presenter name as its UTF-8 bytes, which Node accepts and Icecast reads back', () => {
    for (const name of ['Ngozi Adébáyọ̀', 'محطة الراديو', 'Zoë – Night Shift 🎧', 'Plain Name']) {
      const value = headerText(name);
      expect(() => validateHeaderValue('ice-name', value)).not.toThrow();
      expect(Buffer.from(value, 'latin1').toString('utf8')).toBe(name);
    }
    expect(() => validateHeaderValue('ice-name', 'Ngozi Adébáyọ̀')).toThrow();
  });

  it('removes control characters (no header injection)', () => {
    expect(headerText('Bad\r\nX-Evil: 1')).toBe('Bad  X-Evil: 1');
  });
});
