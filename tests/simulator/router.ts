/**
 * Which endpoints a device has and who may call them, per profile. The `spec` profile has only the three
 * endpoints of miner-device-http-api.md and enforces what the spec states (credentials on /status, exactly
 * one credential, JSON bodies); the `field` profile behaves like real firmware (field-notes.md).
 */
import * as h from './handlers';
import type { DeviceContext, Handler, SimRequest } from './handlers';
import { empty, json, notFound } from './sim-response';
import type { SimResponse } from './sim-response';
import type { Profile } from './types';
import { fieldWriteRoutes, hasPath } from './write-handlers';
import { fieldFirmwareRoutes } from './firmware-update';
import { fieldPowerRoutes } from './power-handlers';
import { fieldNotesRoutes, isNotesPath, notesRouteOf } from './notes';

/**
 * `required`: no valid credential → 401 with an empty body, as devices do.
 * `status`: field /status — answers without credentials (`unlocked: false`); a wrong or expired one gets 401,
 *   or 200 `unlocked: false` with `statusOnBadCredential: 'unlocked-false'`.
 * `none`: credentials are not looked at.
 * A device with `guardedReads` treats the anonymous GETs it guards (`none`, `status`) as `required`.
 */
type AuthRule = 'none' | 'required' | 'status';

export interface Route {
  auth: AuthRule;
  handle: Handler;
}

type RouteTable = ReadonlyMap<string, Readonly<Record<string, Route>>>;

const API = '/api/v1';

const specRoutes: RouteTable = new Map<string, Record<string, Route>>([
  [`${API}/unlock`, { POST: { auth: 'none', handle: h.unlock } }],
  [`${API}/status`, { GET: { auth: 'required', handle: h.status } }],
  [`${API}/apikeys`, { POST: { auth: 'required', handle: h.createApiKey } }],
]);

const fieldRoutes: RouteTable = new Map<string, Record<string, Route>>([
  ['/', { GET: { auth: 'none', handle: h.rootPage } }],
  ['/docs/api-doc.json', { GET: { auth: 'none', handle: h.apiDoc } }],
  [`${API}/unlock`, { POST: { auth: 'none', handle: h.unlock } }],
  [`${API}/lock`, { POST: { auth: 'required', handle: h.lock } }],
  [`${API}/status`, { GET: { auth: 'status', handle: h.status } }],
  [`${API}/info`, { GET: { auth: 'none', handle: h.info } }],
  [`${API}/summary`, { GET: { auth: 'none', handle: h.summary } }],
  [
    `${API}/apikeys`,
    { GET: { auth: 'required', handle: h.listApiKeys }, POST: { auth: 'required', handle: h.createApiKey } },
  ],
  [`${API}/apikeys/delete`, { POST: { auth: 'required', handle: h.deleteApiKey } }],
  ...fieldWriteRoutes,
  ...fieldFirmwareRoutes,
  ...fieldPowerRoutes,
  ...fieldNotesRoutes,
]);

const tables: Record<Profile, RouteTable> = { spec: specRoutes, field: fieldRoutes };

/** Spec rules the strict profile enforces before any handler runs; undefined when the request is fine. */
function specViolation(route: Route, req: SimRequest): SimResponse | undefined {
  if (route.auth !== 'none' && req.authorization !== undefined && req.apiKey !== undefined) {
    return json(400, { err: 'send exactly one credential: Authorization or x-api-key, not both' });
  }
  const isJson = /^application\/json\s*(;|$)/i.test(req.contentType ?? '');
  if (req.method === 'POST' && !isJson) {
    return json(415, { err: 'request bodies must be sent with Content-Type: application/json' });
  }
  return undefined;
}

export function route(ctx: DeviceContext, req: SimRequest): SimResponse {
  const methods = tables[ctx.profile].get(notesRouteOf(req.pathname));
  if (!methods || !hasPath(ctx, req.pathname)) return notFound();
  // The oldest firmware has no notes API at all (`notesApi: false`).
  if (!ctx.notesApi && isNotesPath(req.pathname)) return notFound();
  const r = methods[req.method];
  if (!r) return empty(405, { allow: Object.keys(methods).join(', ') });

  if (ctx.profile === 'spec') {
    const violation = specViolation(r, req);
    if (violation) return violation;
  }
  // Firmware that guards its anonymous reads: they take a valid credential, as protected calls do.
  const auth: AuthRule = ctx.readGuard.guards(req.method, req.pathname) ? 'required' : r.auth;
  if (auth === 'none') return r.handle(ctx, req, 'none');
  // Real firmware also accepts a bare token in Authorization; the spec only knows `Bearer <token>`.
  const cred = ctx.auth.check(req.authorization, req.apiKey, ctx.profile === 'field');
  const allowed =
    auth === 'required'
      ? cred === 'valid'
      : cred !== 'invalid' || ctx.statusOnBadCredential === 'unlocked-false';
  return allowed ? r.handle(ctx, req, cred) : empty(401);
}
