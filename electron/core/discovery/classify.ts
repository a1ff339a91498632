/**
 * What the answers of one host mean (docs/design.md, Discovery). Pure functions over HTTP answers, so each rule
 * is tested on its own and the prober only decides which request comes next.
 *
 * - `/api/v1/info` with device fields → a device, and who it is (real firmware answers it anonymously).
 * - `/api/v1/status` without credentials → 401 (strict spec firmware) or a status object (real firmware):
 *   the API is there. A 401 that challenges for Basic/Digest login is a router's login, not the API; and a
 *   JSON object must carry a status field this API defines, so another product's `/status` is not
 *   mistaken for a device the app would then try to unlock.
 * - `/` with `<meta name="firmware" …>` → the device's web UI (the API may be firewalled or older).
 * - Anything else that answered HTTP → `http-other`.
 */
import type { DiscoveredIdentity } from '../../../shared/domain/discovery';
import { tryParseJson } from '../device/answer';
import { readInfo } from '../device/info-reader';
import { asObject, FieldReader } from '../device/json-fields';
import type { HttpAnswer } from './anonymous-get';

/** Fields of `/status` on real firmware (field-notes.md). */
const STATUS_FIELDS = ['miner_state', 'unlocked', 'miner_state_time', 'find_miner', 'restart_required'];

const isSuccess = (answer: HttpAnswer): boolean => answer.status >= 200 && answer.status < 300;

/** `aa-bb-cc-dd-ee-ff` and `aabb.ccdd.eeff` → `AA:BB:CC:DD:EE:FF`; anything else is kept as sent. */
export function normalizeMac(mac: string): string {
  const hex = mac.replace(/[^0-9a-f]/gi, '');
  if (hex.length !== 12 || !/^[0-9a-f:.-]+$/i.test(mac.trim())) return mac.trim();
  return (hex.toUpperCase().match(/../g) ?? []).join(':');
}

/** The identity `/info` gives, or undefined when the answer is not a device's `/info`. */
export function identityFromInfo(answer: HttpAnswer): DiscoveredIdentity | undefined {
  if (!isSuccess(answer)) return undefined;
  const parsed = tryParseJson(answer.body);
  if (!parsed.ok || asObject(parsed.value) === undefined) return undefined;
  const { identity } = readInfo(new FieldReader(), parsed.value);
  if (identity === undefined) return undefined;
  return {
    mac: identity.mac === undefined ? null : normalizeMac(identity.mac),
    model: identity.model ?? null,
    firmware: identity.firmware ?? null,
    hostname: identity.hostname ?? null,
    serial: identity.serial ?? null,
  };
}

/** True when the anonymous `/status` answer shows the device API. */
export function statusShowsApi(answer: HttpAnswer): boolean {
  if (answer.status === 401) {
    const challenge = answer.headers['www-authenticate'];
    return challenge === undefined || !/^\s*(basic|digest|negotiate|ntlm)\b/i.test(challenge);
  }
  if (!isSuccess(answer)) return false;
  const parsed = tryParseJson(answer.body);
  const body = parsed.ok ? asObject(parsed.value) : undefined;
  return body !== undefined && STATUS_FIELDS.some((field) => Object.hasOwn(body, field));
}

/** `content` of `<meta name="firmware" content="…">` in the web UI, attributes in any order. */
export function firmwareMarker(answer: HttpAnswer): string | undefined {
  if (!isSuccess(answer)) return undefined;
  for (const [tag] of answer.body.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const m of tag.matchAll(/([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
      attributes.set((m[1] ?? '').toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
    }
    const content = attributes.get('content')?.trim();
    if (attributes.get('name')?.toLowerCase() === 'firmware' && content) return content;
  }
  return undefined;
}

export const markerIdentity = (firmware: string): DiscoveredIdentity => ({
  mac: null,
  model: null,
  firmware,
  hostname: null,
  serial: null,
});
