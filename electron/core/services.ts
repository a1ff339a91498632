/**
 * The core services, built once at start-up by whichever shell runs them (Electron main, the CLI, the
 * browser test harness) and handed to `createHandlers`. Nothing here is created at import time, and
 * nothing here knows about Electron: the shell passes in what only it knows (the app's name and version).
 * Later capabilities (credentials, discovery, monitor, inventory) join this object.
 */
import type { AppInfo } from '../../shared/ipc/contract';
import type { CredentialServices } from './credentials/credential-services';
import type { EventHub, EventHubOptions } from './events/event-hub';
import { createEventHub } from './events/event-hub';

export interface CoreServices {
  /** Who is running: name and version from package.json, platform, runtime versions. */
  identity: AppInfo;
  events: EventHub;
  /**
   * Keychain, sessions and API keys. Built by the shell (`createCredentialServices`) because choosing the
   * store needs an async keychain probe; absent where a shell has no use for it yet.
   */
  credentials?: CredentialServices;
  /** Stop everything that runs in the background and deliver pending events. Safe to call twice. */
  dispose(): Promise<void>;
}

export interface CoreServicesOptions {
  identity: AppInfo;
  events?: EventHubOptions;
  /** Built by the caller over this hub: `createCredentialServices({ …, events })`. */
  credentials?: (events: EventHub) => CredentialServices;
}

export function createCoreServices(options: CoreServicesOptions): CoreServices {
  const events = createEventHub(options.events);
  const credentials = options.credentials?.(events);
  let disposed = false;
  return {
    identity: options.identity,
    events,
    ...(credentials !== undefined ? { credentials } : {}),
    async dispose() {
      if (disposed) return;
      disposed = true;
      credentials?.dispose();
      events.close();
    },
  };
}

/** The runtime parts worth showing a technician or a support ticket; `process.versions` lists dozens. */
const SHOWN_VERSIONS = ['electron', 'chrome', 'node', 'v8'] as const;

export function runtimeVersions(versions: NodeJS.ProcessVersions = process.versions): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of SHOWN_VERSIONS) {
    const value = (versions as Record<string, string | undefined>)[name];
    if (value !== undefined) shown[name] = value;
  }
  return shown;
}
