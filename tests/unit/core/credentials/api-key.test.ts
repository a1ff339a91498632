import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_LENGTH,
  generateApiKey,
  interpretCreateAnswer,
  keyDescription,
  MAX_DESCRIPTION_LENGTH,
} from '../../../../electron/core/credentials/api-key';

const WHERE = '10.0.0.5:80';
const PROPOSED = 'A'.repeat(32);

describe('generateApiKey', () => {
  it('makes 32 characters of [A-Za-z0-9]', () => {
    for (let i = 0; i < 200; i += 1) expect(generateApiKey()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(API_KEY_LENGTH).toBe(32);
  });

  it('never repeats and uses the whole alphabet', () => {
    const keys = Array.from({ length: 2000 }, generateApiKey);
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Set(keys.join(''));
    expect(seen.size).toBe(62);
  });
});

describe('keyDescription', () => {
  const day = new Date(2026, 10, 20, 23, 59);

  it('names the app, the laptop and the local date', () => {
    expect(keyDescription('field-laptop', day)).toBe('Minerdeck field-laptop 2026-11-20');
  });

  it('keeps only the first label of a domain name', () => {
    expect(keyDescription('tech-07.corp.example.com', day)).toBe('Minerdeck tech-07 2026-11-20');
  });

  it('shortens a long host name, never the app name or the date', () => {
    const text = keyDescription('a-very-long-hostname-that-goes-on-and-on-forever', day);
    expect(text.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(text).toMatch(/^Minerdeck a-very-long-hostname-that-go+.* 2026-11-20$/);
  });

  it('keeps an IP host name whole and drops characters firmware may refuse', () => {
    expect(keyDescription('192.168.1.20', day)).toBe('Minerdeck 192.168.1.20 2026-11-20');
    expect(keyDescription('Jörg’s MacBook', day)).toBe('Minerdeck JrgsMacBook 2026-11-20');
    expect(keyDescription('', day)).toBe('Minerdeck unknown-host 2026-11-20');
  });

  it('is at most 50 printable ASCII characters for any host name', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }),
        (host, date) => {
          const text = keyDescription(host, date);
          expect(text.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
          expect(text).toMatch(/^Minerdeck [\x21-\x7e]+ \d{4}-\d{2}-\d{2}$/);
        },
      ),
    );
  });
});

describe('interpretCreateAnswer', () => {
  it.each([
    [{ status: 'inserted' }, 'inserted'],
    [{ status: 'updated' }, 'updated'],
    [{ status: 'nochanges' }, 'nochanges'],
    ['inserted', 'inserted'],
    ['updated', 'updated'],
    [{ status: 'inserted', key: PROPOSED }, 'inserted'],
  ])('%j → our key, %s', (body, answer) => {
    expect(interpretCreateAnswer(body, PROPOSED, WHERE)).toEqual({ key: PROPOSED, answer });
  });

  it.each([
    [{ key: 'Z'.repeat(32), status: 'inserted' }],
    [{ api_key: 'Z'.repeat(32) }],
    [{ apiKey: 'Z'.repeat(32) }],
    ['Z'.repeat(32)],
  ])('a key returned by the device (%j) is the key', (body) => {
    expect(interpretCreateAnswer(body, PROPOSED, WHERE)).toEqual({
      key: 'Z'.repeat(32),
      answer: 'device-generated',
    });
  });

  it.each([
    [{}],
    [null],
    [[]],
    [{ status: 'error' }],
    ['error'],
    [42],
    [{ key: 'has space in it, not a header' }],
  ])('%j confirms nothing → BAD_RESPONSE', (body) => {
    expect(() => interpretCreateAnswer(body, PROPOSED, WHERE)).toThrow(
      expect.objectContaining({ code: 'BAD_RESPONSE' }),
    );
  });

  it('never quotes the proposed key in its error', () => {
    expect(() => interpretCreateAnswer({ odd: true }, PROPOSED, WHERE)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(PROPOSED) }),
    );
  });
});
