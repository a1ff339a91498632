/**
 * The one browser permission the app's page may have: the camera (video only), to read box and slot
 * labels in Scan to place (issue 34) — and only for the app's own page (renderer-target.ts's
 * `isRendererUrl`: exactly our index.html, or the loopback dev server). Sound, the microphone, screen
 * capture, notifications, geolocation, USB… and any other page are refused. Pure (no `electron` import):
 * security.ts hands Electron's handler arguments to these decisions, and they are unit-tested directly.
 */

/** What Electron's permission request handler tells about a request (its `details`, narrowed). */
export interface PermissionRequest {
  permission: string;
  /** The page asking (`details.requestingUrl`, else the web contents' URL). */
  requestingUrl: string;
  /** `details.mediaTypes` for `media`: `video`, `audio`, or empty when the page did not say. */
  mediaTypes?: readonly string[];
  isMainFrame?: boolean;
}

/** What Electron's permission check handler tells (`details.mediaType` for `media`). */
export interface PermissionCheck {
  permission: string;
  requestingUrl: string;
  mediaType?: string;
}

/** Grants a camera request from our own page's top frame: video alone (no microphone), nothing else. */
export function grantsRequest(request: PermissionRequest, isOwnPage: (url: string) => boolean): boolean {
  if (request.permission !== 'media' || request.isMainFrame === false) return false;
  const types = request.mediaTypes ?? [];
  if (types.length === 0 || types.some((type) => type !== 'video')) return false;
  return isOwnPage(request.requestingUrl);
}

/**
 * Chromium checks before it asks (e.g. `enumerateDevices` names cameras only when allowed): the same
 * rule — video for our own page, everything else refused.
 */
export function grantsCheck(check: PermissionCheck, isOwnPage: (url: string) => boolean): boolean {
  return check.permission === 'media' && check.mediaType === 'video' && isOwnPage(check.requestingUrl);
}
