/**
 * The pure parts of API-key provisioning: making a key, describing it, and reading what the device said.
 *
 * On known firmware the client chooses the key (exactly 32 characters) and the device answers
 * `{"status": "inserted" | "updated" | "nochanges"}`, or a bare JSON string on the oldest firmware; other
 * firmware may generate the key itself and return it (field-notes.md, API keys). All three are accepted;
 * anything else is a broken answer, and verification (provisioning.ts) has the last word either way.
 */
import { randomInt } from 'node:crypto';
import { message } from '../../../shared/i18n/message';
import { DeviceError } from '../device/device-error';

export const API_KEY_LENGTH = 32;
export const MAX_DESCRIPTION_LENGTH = 50;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const STATUS_WORDS = ['inserted', 'updated', 'nochanges'] as const;
/** Field names a device might return its own key under. */
const KEY_FIELDS = ['key', 'api_key', 'apikey', 'apiKey'] as const;
const HEADER_SAFE = /^[\x21-\x7e]+$/;

export type CreateAnswer = (typeof STATUS_WORDS)[number] | 'device-generated';

/** 32 characters `[A-Za-z0-9]` from the OS CSPRNG; `randomInt` draws without modulo bias (~190 bits). */
export function generateApiKey(): string {
  let key = '';
  for (let i = 0; i < API_KEY_LENGTH; i += 1) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * `Minerdeck <host> <YYYY-MM-DD>`, at most 50 characters, so whoever reads the device's key list later
 * knows which laptop created the key and when. The host name is cut to its first label, reduced to
 * characters every firmware accepts, and shortened — never the app name or the date — to fit.
 */
export function keyDescription(hostname: string, date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const isIp = /^[\d.]+$/.test(hostname) || hostname.includes(':');
  const label = (isIp ? hostname : (hostname.split('.')[0] ?? '')).replace(/[^A-Za-z0-9._-]/g, '');
  const room = MAX_DESCRIPTION_LENGTH - 'Minerdeck '.length - ` ${day}`.length;
  const host = label === '' ? 'unknown-host' : label.slice(0, room);
  return `Minerdeck ${host} ${day}`;
}

function ownKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  for (const field of KEY_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

const isStatusWord = (value: unknown): value is (typeof STATUS_WORDS)[number] =>
  typeof value === 'string' && (STATUS_WORDS as readonly string[]).includes(value);

/**
 * The key now valid on the device and how the device said so. Throws BAD_RESPONSE for an answer that
 * confirms nothing, or returns a key that could not travel in a header.
 */
export function interpretCreateAnswer(
  body: unknown,
  proposed: string,
  where: string,
): { key: string; answer: CreateAnswer } {
  const status = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).status : body;
  // A bare string that is not a status word is a key only if it looks like one (not "error").
  const bareKey = typeof body === 'string' && body.length >= 16 && HEADER_SAFE.test(body) ? body : undefined;
  const returned = ownKey(body) ?? bareKey;
  if (returned !== undefined) {
    if (!HEADER_SAFE.test(returned)) {
      throw new DeviceError(
        'BAD_RESPONSE',
        `${where}: returned an API key that cannot be sent in a header.`,
        {},
        { text: message('errors.apiKey.unsendable', { where }) },
      );
    }
    if (returned !== proposed) return { key: returned, answer: 'device-generated' };
    return { key: proposed, answer: isStatusWord(status) ? status : 'inserted' };
  }
  if (isStatusWord(status)) return { key: proposed, answer: status };
  throw new DeviceError(
    'BAD_RESPONSE',
    `${where}: answered the API key creation with something that confirms nothing (expected {"status": "inserted"}).`,
    {},
    { text: message('errors.apiKey.unconfirmed', { where }) },
  );
}
