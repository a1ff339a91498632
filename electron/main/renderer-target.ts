/**
 * Where the window's page comes from, decided once at start-up and used twice: the window loads it, and
 * the IPC sender check accepts requests only from a frame showing it. Pure (no `electron` import) so the
 * trust rule is unit-tested directly.
 */
import { pathToFileURL } from 'node:url';

export type RendererTarget =
  /** `electron-vite dev`: the Vite dev server, for hot reload. */
  | { kind: 'dev-server'; url: string }
  /** Everything else: the built `out/renderer/index.html`. */
  | { kind: 'file'; path: string };

export interface RendererTargetOptions {
  /** `app.isPackaged`: a shipped app never follows ELECTRON_RENDERER_URL. */
  isPackaged: boolean;
  /** `process.env.ELECTRON_RENDERER_URL`, set by `electron-vite dev`. */
  devServerUrl: string | undefined;
  /** Absolute path of the built renderer's index.html. */
  indexHtmlPath: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Only a loopback http dev server is honoured, and only unpackaged: an environment variable must never be
 * able to point the app (and its window.api) at a page from the network.
 */
export function resolveRendererTarget(options: RendererTargetOptions): RendererTarget {
  const { devServerUrl } = options;
  if (!options.isPackaged && devServerUrl !== undefined && devServerUrl !== '') {
    const url = parseUrl(devServerUrl);
    if (url !== undefined && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) {
      return { kind: 'dev-server', url: url.href };
    }
  }
  return { kind: 'file', path: options.indexHtmlPath };
}

/** True when `frameUrl` is our renderer: same dev-server origin, or exactly our index.html file. */
export function isRendererUrl(target: RendererTarget, frameUrl: string): boolean {
  const url = parseUrl(frameUrl);
  if (url === undefined) return false;
  if (target.kind === 'dev-server') {
    const expected = parseUrl(target.url);
    return expected !== undefined && url.origin === expected.origin;
  }
  if (url.protocol !== 'file:') return false;
  url.hash = '';
  url.search = '';
  return url.href === pathToFileURL(target.path).href;
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
