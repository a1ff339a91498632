/**
 * Endpoint handlers: request in, SimResponse out, state changed through the DeviceContext. Answers follow
 * field-notes.md (status codes, body shapes, old-firmware variants); routing and credential gates live in
 * router.ts.
 */
import { randomAlphanumeric } from './auth-state';
import type { AuthState, CredentialCheck } from './auth-state';
import { infoBody, statusBody, summaryBody } from './bodies';
import type { MinerState } from './bodies';
import type { DeviceWrites } from './device-writes';
import type { FirmwareUpdates } from './firmware-update';
import type { FirmwareUpload } from './firmware-upload';
import type { DeviceHardware } from './hardware';
import { fixtures } from './fixtures';
import type { ReadGuard } from './read-guard';
import type { DeviceNotes } from './notes';
import type { Identity } from './identity';
import { empty, json, text } from './sim-response';
import type { SimResponse } from './sim-response';
import type { ApiKeyMode, Profile, StatusOnBadCredential } from './types';

/** What a handler may see and change of its device. */
export interface DeviceContext {
  readonly profile: Profile;
  readonly legacyFirmware: boolean;
  readonly apiKeyMode: ApiKeyMode;
  readonly statusOnBadCredential: StatusOnBadCredential;
  readonly auth: AuthState;
  readonly identity: Identity;
  readonly miner: MinerState;
  readonly host: string;
  /** Settings, pools, LED, restart and reboot (write-handlers.ts). */
  readonly writes: DeviceWrites;
  /** Firmware updates (firmware-update.ts). */
  readonly firmware: FirmwareUpdates;
  /** The preset in use and hardware faults (power-handlers.ts). */
  readonly hardware: DeviceHardware;
  /** The firmware's notes (notes.ts), kept across reboots and updates. */
  readonly notes: DeviceNotes;
  /** False: firmware without the notes API (404 on every `/notes` path). */
  readonly notesApi: boolean;
  /** Which anonymous reads need a credential on this firmware (read-guard.ts). */
  readonly readGuard: ReadGuard;
  /** The device's clock (sim-device.ts): bodies are built for this moment. */
  readonly now: () => number;
}

export interface SimRequest {
  method: string;
  /** Path without the query string. */
  pathname: string;
  authorization: string | undefined;
  apiKey: string | undefined;
  contentType: string | undefined;
  body: string;
  /** A firmware upload, read as it streamed in (firmware-upload.ts): its body is not kept. */
  upload?: FirmwareUpload;
}

export type Handler = (ctx: DeviceContext, req: SimRequest, cred: CredentialCheck) => SimResponse;

const MAX_DESCRIPTION = 50;
const KEY_LENGTH = 32;

/** Error answer: `{"err"}` on current firmware, no body at all on old firmware. */
export function fail(
  ctx: DeviceContext,
  status: number,
  err: string,
  headers: Record<string, string> = {},
): SimResponse {
  return ctx.legacyFirmware ? empty(status, headers) : json(status, { err }, headers);
}

/** A JSON object body, or undefined for anything else (not JSON, an array, null…). */
export function parseObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function lockedOut(ctx: DeviceContext, secondsLeft: number): SimResponse {
  const headers = { 'retry-after': String(secondsLeft) };
  return ctx.legacyFirmware ? empty(429, headers) : json(429, { unlock_timeout: secondsLeft }, headers);
}

export const unlock: Handler = (ctx, req) => {
  // A locked-out device refuses every try, even a malformed one, until the lockout runs out.
  const left = ctx.auth.lockoutSecondsLeft();
  if (left > 0) return lockedOut(ctx, left);
  const pw = parseObject(req.body)?.['pw'];
  if (typeof pw !== 'string') return fail(ctx, 400, 'Json deserialize error: missing field `pw`');
  const outcome = ctx.auth.unlock(pw);
  switch (outcome.kind) {
    case 'ok':
      return json(200, { token: outcome.token });
    case 'wrong':
      return ctx.legacyFirmware ? empty(403) : json(403, { unlock_timeout: null });
    case 'locked':
      return lockedOut(ctx, outcome.secondsLeft);
  }
};

export const status: Handler = (ctx, _req, cred) =>
  json(200, statusBody(ctx.identity, ctx.miner, cred === 'valid', ctx.now()));

export const info: Handler = (ctx) => json(200, infoBody(ctx.identity, ctx.host, ctx.miner, ctx.now()));

export const summary: Handler = (ctx) => json(200, summaryBody(ctx.identity, ctx.miner, ctx.now()));

export const rootPage: Handler = () => text(200, fixtures().rootHtml, 'text/html; charset=utf-8');

export const apiDoc: Handler = () => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: fixtures().openApi,
});

export const createApiKey: Handler = (ctx, req) => {
  const body = parseObject(req.body);
  if (!body) return fail(ctx, 400, 'Json deserialize error: expected an object');
  const description = body['description'] ?? '';
  if (typeof description !== 'string' || description.length > MAX_DESCRIPTION) {
    return fail(ctx, 400, `description must be a string of at most ${MAX_DESCRIPTION} characters`);
  }
  // A device that generates keys itself ignores whatever key the client proposed.
  if (ctx.apiKeyMode === 'device-generated') {
    const key = randomAlphanumeric(KEY_LENGTH);
    ctx.auth.upsertApiKey(key, description);
    return json(200, { key, status: 'inserted' });
  }
  const key = body['key'];
  if (typeof key !== 'string' || key.length !== KEY_LENGTH) {
    return fail(ctx, 400, `key must be exactly ${KEY_LENGTH} characters`);
  }
  switch (ctx.apiKeyMode) {
    case 'refuse':
      return fail(ctx, 500, 'Failed to insert api key ');
    case 'bare-string':
      // The oldest firmware refused a key it already had.
      if (ctx.auth.hasApiKey(key)) return fail(ctx, 400, 'Api key already exists');
      ctx.auth.upsertApiKey(key, description);
      return json(200, 'inserted');
    case 'status-object':
      return json(200, { status: ctx.auth.upsertApiKey(key, description) });
  }
};

export const listApiKeys: Handler = (ctx) =>
  json(
    200,
    ctx.auth.apiKeys.map((k) => ({ key: k.key, description: k.description })),
  );

export const deleteApiKey: Handler = (ctx, req) => {
  const key = parseObject(req.body)?.['key'];
  if (typeof key !== 'string') return fail(ctx, 400, 'Json deserialize error: missing field `key`');
  ctx.auth.deleteApiKey(key);
  return empty(200);
};

export const lock: Handler = (ctx, req) => {
  ctx.auth.revoke(req.authorization, ctx.profile === 'field');
  return empty(200);
};
