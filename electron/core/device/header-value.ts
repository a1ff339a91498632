/**
 * What HTTP lets a client send as a header value, in one place. The request serializer refuses anything
 * else; the credential checks use the same rule and say whose fault a refused value is: the user's for
 * what they typed (an API key), the device's for what it handed out (a session token).
 *
 * RFC 9110 §5.5: `field-value = *field-content`, `field-content = field-vchar [ 1*( SP / HTAB /
 * field-vchar ) field-vchar ]`, `field-vchar = VCHAR / obs-text`. So, decided here:
 * - CR, LF and NUL are refused (invalid and dangerous: header injection);
 * - every other control character (0x01–0x1F, DEL) except HTAB is refused too: the RFC makes them invalid,
 *   and a device's HTTP parser may drop the request or the field;
 * - spaces and tabs are fine inside a value (a token `abc def` is legal), not at its ends: the device
 *   strips them as surrounding whitespace and would compare another credential than the one it gave;
 * - obs-text (U+0080–U+00FF) is allowed and sent as one octet (Latin-1, as Node does); a character above
 *   U+00FF has no one-octet form and is refused.
 */

import type { MessageId } from '../../../shared/i18n/catalogs';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';

/** Any header value we may write: HTAB, SP, VCHAR and obs-text; never CR, LF, NUL or another control. */
export const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const HTAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DEL = 0x7f;

/** The worst thing about one character, in the order the problems are reported. */
function charProblem(code: number): 0 | 1 | 2 | 3 {
  if (code === 0 || code === LF || code === CR) return 3;
  if ((code < 0x20 && code !== HTAB) || code === DEL) return 2;
  return code > 0xff ? 1 : 0;
}

const PROBLEMS = [
  undefined,
  'it contains a character outside Latin-1',
  'it contains a control character',
  'it contains a line break or a NUL character',
] as const;

const PROBLEM_TEXTS: Readonly<Record<string, MessageId>> = {
  'it is empty': 'errors.header.empty',
  [PROBLEMS[1]]: 'errors.header.latin1',
  [PROBLEMS[2]]: 'errors.header.control',
  [PROBLEMS[3]]: 'errors.header.lineBreak',
  'it begins or ends with a space': 'errors.header.edgeSpace',
};

/** A problem `credentialValueProblem` named, as a message for the window (issue 35). */
export const problemText = (problem: string): MessageRef | string => {
  const id = PROBLEM_TEXTS[problem];
  return id === undefined ? problem : message(id);
};

/** Why `value` cannot travel as a credential header value, or undefined when it can. Never quotes it. */
export function credentialValueProblem(value: string): string | undefined {
  if (value === '') return 'it is empty';
  let worst: 0 | 1 | 2 | 3 = 0;
  for (let i = 0; i < value.length && worst < 3; i += 1) {
    const problem = charProblem(value.charCodeAt(i));
    if (problem > worst) worst = problem;
  }
  if (worst > 0) return PROBLEMS[worst];
  if (/^[\t ]|[\t ]$/.test(value)) return 'it begins or ends with a space';
  return undefined;
}
