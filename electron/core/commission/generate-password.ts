/**
 * "Generate a strong one" (Change password…): a device password made from the OS CSPRNG, long enough to
 * need no symbols, from an alphabet without look-alikes (no 0/O, 1/l/I) because a technician may have to
 * read it off a screen and type it into a device's own web page or a hand-over sheet.
 */
import { randomInt } from 'node:crypto';

export const GENERATED_PASSWORD_LENGTH = 20;
/** 57 characters: 20 of them carry about 116 bits. */
export const UNAMBIGUOUS_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** `randomInt` draws without modulo bias. */
export function generateDevicePassword(length = GENERATED_PASSWORD_LENGTH): string {
  let password = '';
  for (let i = 0; i < length; i += 1)
    password += UNAMBIGUOUS_ALPHABET[randomInt(UNAMBIGUOUS_ALPHABET.length)];
  return password;
}
