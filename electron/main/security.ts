/**
 * The window-independent half of the security checklist in docs/design.md. Each rule names, in quotes, the
 * item of Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security) it
 * implements.
 * Everything the app needs from the outside world goes through main over IPC; the page itself may not
 * navigate, open windows, embed webviews or obtain any browser permission.
 */
import type { Session, WebContents, WebPreferences } from 'electron';
import { grantsCheck, grantsRequest } from './camera-permission';

/**
 * The renderer's webPreferences, all of them explicit so a changed Electron default cannot weaken them:
 * "Do not enable Node.js integration for remote content", "Enable context isolation", "Enable process
 * sandboxing", "Do not disable webSecurity", "Do not enable allowRunningInsecureContent", "Do not enable
 * experimental features", and no `<webview>` at all.
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
} as const satisfies WebPreferences;

/** The part of WebContents the policy touches; a fake in tests. */
export type HardenableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * "Disable or limit navigation", "Disable or limit creation of new windows", and no webview attachment
 * ("Verify WebView options before creation", by refusing them all). The renderer is a
 * single page: it never needs to navigate, so every navigation is refused, including to our own URL
 * (a reload is not a navigation and still works). Device web pages open in the system browser through
 * an IPC channel that checks the URL, never through window.open.
 */
export function hardenWebContents(contents: HardenableContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  // The same for iframes; the CSP already blocks frames, this is the second lock.
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export type PolicySession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
>;

/**
 * "Handle session permission requests from remote content": notifications, USB, serial, geolocation, the
 * microphone… none is needed, so every request and every check is refused — except the camera (video
 * only) for the app's own page, which Scan to place reads labels with (camera-permission.ts). `isOwnPage`
 * is renderer-target.ts's `isRendererUrl` for the window's target; without it nothing is granted.
 * Idempotent: each call replaces the handlers.
 */
export function applySessionPolicy(
  session: PolicySession,
  isOwnPage: (url: string) => boolean = () => false,
): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const requestingUrl = details.requestingUrl || contents.getURL();
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(
      grantsRequest({ permission, requestingUrl, mediaTypes, isMainFrame: details.isMainFrame }, isOwnPage),
    );
  });
  session.setPermissionCheckHandler((contents, permission, _origin, details) => {
    const requestingUrl = details.requestingUrl ?? contents?.getURL() ?? '';
    return grantsCheck(
      {
        permission,
        requestingUrl,
        ...(details.mediaType !== undefined ? { mediaType: details.mediaType } : {}),
      },
      isOwnPage,
    );
  });
  session.setDevicePermissionHandler(() => false);
}
