/**
 * The Discover view's pre-filled range when the app runs as `npm run demo` (Electron main and the demo's
 * browser preview read it the same way).
 */
import type { DiscoveryPrefill } from './discovery/discovery-service';

/**
 * `npm run demo` sets MINERDECK_DEMO=1 with the simulated fleet's range and port, so the Discover view
 * starts filled in; anything else (a real site) starts empty.
 */
export function demoPrefillFrom(env: NodeJS.ProcessEnv = process.env): DiscoveryPrefill | undefined {
  if (env.MINERDECK_DEMO !== '1') return undefined;
  const targets = env.MINERDECK_DEMO_TARGETS?.trim();
  const port = Number(env.MINERDECK_DEMO_PORT);
  if (targets === undefined || targets === '' || !Number.isInteger(port) || port < 1 || port > 65_535) {
    return undefined;
  }
  return { targets, ports: [port] };
}
