/**
 * Leak test: a realistic run with known secrets — unlock a batch with a site password (one device
 * refuses it), a wrong password, a lockout, keys created, statuses read with stored credentials, keys
 * listed, copied (no clipboard here), revoked, devices unreachable, passwords changed (preview, per
 * device, as the site's, a refusal, a device offline), a scan saved to the inventory, the hand-over report
 * in every format (with the activity log), an export, a monitor run — through the real CLI and through the
 * core services with their event hub (the monitor's `monitor:diff` events included). Then every CLI
 * output line, every event meant for the renderer, every monitor detail, every error message, anything
 * logged, and every file the runs wrote (inventory, reports, export) is searched for the passwords, the
 * API keys and the session tokens.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import { createDeviceClient } from '../../electron/core/device/client';
import { createEventHub } from '../../electron/core/events/event-hub';
import { createInventoryServices } from '../../electron/core/inventory/inventory-services';
import { createMonitor } from '../../electron/core/monitor/monitor';
import type { AppEvent } from '../../shared/ipc/events';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { leaksInFiles, leaksInText, secretsOnTheWire } from '../support/secret-scan';
import { addressOf, devicesOf } from '../support/sim-targets';

const SITE_PW = 'S1te-Leak-Canary-pw';
const DEVICE_PW = 'D3vice-Leak-Canary-pw';
const WRONG_PW = 'Wr0ng-Leak-Canary-pw';
/** New passwords set by `password change` (per device, as the site's) and by the core services. */
const NEW_PW = 'N3w-Leak-Canary-pw';
const NEW_SITE_PW = 'N3wSite-Leak-Canary-pw';
const NEW_CORE_PW = 'N3wCore-Leak-Canary-pw';
const SERVICE = testServiceName('leak');

let fleet: Fleet;
let root: string;
const texts: Record<string, string> = {};
let n = 0;
const capture = (what: string, text: string): void => {
  texts[`${String((n += 1)).padStart(3, '0')} ${what}`] = text;
};

describeWith(keychain, 'no secret leaks', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'minerdeck-leak-'));
    fleet = await startFleet({
      defaults: { password: SITE_PW },
      devices: [
        {},
        { profile: 'spec' },
        { legacyFirmware: true },
        { apiKeyMode: 'device-generated' },
        { password: DEVICE_PW },
        { apiKeyMode: 'refuse' },
        { lockoutThreshold: 1, lockoutSeconds: 30 },
        {},
      ],
    });
  });
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
    rmSync(root, { recursive: true, force: true });
  });

  // About 35 CLI runs (each a fresh process) in a row: this flow gets five minutes.
  it(
    'through the CLI and the core services, with events, errors and files searched',
    { timeout: 300_000 },
    async () => {
      const d = fleet.devices;
      const [field, spec, legacy, generated, own, refusing, strict, gone] = devicesOf(fleet, 8);
      await gone.goDown(600);
      // The CLI gets a home, config, data, cache and temp folders of its own: anything it writes is under root.
      const home = (sub: string) => {
        const path = join(root, sub);
        mkdirSync(path, { recursive: true });
        return path;
      };
      const env = {
        MINERDECK_KEYCHAIN_SERVICE: SERVICE,
        HOME: home('home'),
        TMPDIR: home('tmp'),
        XDG_CONFIG_HOME: home('config'),
        MINERDECK_DATA_DIR: undefined, // the data folder under XDG_CONFIG_HOME, so under root
        XDG_DATA_HOME: home('data'),
        XDG_CACHE_HOME: home('cache'),
        XDG_STATE_HOME: home('state'),
        DISPLAY: undefined,
        WAYLAND_DISPLAY: undefined,
      };
      const cli = async (args: string[], stdin?: string) => {
        const run = await runCli(args, { env, ...(stdin !== undefined ? { stdin } : {}), timeoutMs: 20_000 });
        capture(`cli ${args.join(' ')} stdout`, run.stdout);
        capture(`cli ${args.join(' ')} stderr`, run.stderr);
        return run;
      };
      const batch = [field, spec, legacy, generated, own, refusing, strict, gone].map((x) => x.address);

      await cli(['unlock', strict.address, '--password-stdin'], WRONG_PW); // starts its lockout
      await cli(['site', 'create', 'leak-site']); // what --site names
      await cli(
        ['unlock', ...batch, '--password-stdin', '--remember', '--site', 'leak-site', '--json'],
        SITE_PW,
      );
      await cli(['unlock', own.address, '--password-stdin', '--remember'], DEVICE_PW);
      await cli(['unlock', own.address, '--password-stdin', '--json'], WRONG_PW);
      const created = await cli(['key', 'create', ...batch, '--json']);
      expect(created.json.filter((l) => l.ok === true).length).toBeGreaterThanOrEqual(4);
      await cli(['key', 'create', field.address]); // already stored
      expect((await cli(['status', field.address, '--json'])).json[0]).toMatchObject({
        ok: true,
        credential: 'API key',
      });
      await cli(['status', spec.address]);
      await cli(['status', own.address, '--password-stdin', '--json'], DEVICE_PW);
      await cli(['status', refusing.address, '--json']);
      await cli(['status', gone.address, '--json']);
      await cli(['key', 'list']);
      await cli(['key', 'list', '--json']);
      await cli(['key', 'copy', legacy.address]);
      await cli(['key', 'copy', legacy.address, '--json']);
      await cli(['keychain']);
      expect((await cli(['keychain', '--json'])).json[0]).toMatchObject({ state: 'available' });
      await cli(['key', 'revoke', field.address, '--json']);
      await cli(['key', 'revoke', spec.address]);
      await cli(['key', 'revoke', gone.address]);
      await cli(['status', field.address, '--json']); // back on the stored site password
      const statusWithKey = spec.apiKeys[0]?.key ?? 'none';
      await cli(['status', spec.address, '--api-key-stdin', '--json'], statusWithKey);
      // Password changes: a preview, a run with a refusal and an offline device, the site's
      // password replaced, a refused new password; then the devices are read with the new ones.
      const changing = [field.address, own.address, generated.address, gone.address];
      await cli(['password', 'change', ...changing, '--new-password-stdin'], NEW_PW);
      await cli(['password', 'change', ...changing, '--new-password-stdin', '--dry-run', '--json'], NEW_PW);
      const changed = await cli(
        ['password', 'change', ...changing, '--new-password-stdin', '--yes', '--json', '--timeout', '1500'],
        NEW_PW,
      );
      expect(changed.json.filter((l) => l.ok === true).length).toBeGreaterThanOrEqual(2);
      await cli(['password', 'change', legacy.address, '--new-password-stdin', '--yes'], NEW_PW);
      await cli(
        ['password', 'change', legacy.address, '--site', 'leak-site', '--new-password-stdin', '--yes'],
        NEW_SITE_PW,
      );
      await cli(['password', 'change', field.address, '--new-password-stdin', '--yes'], 'short');
      await cli(['status', field.address, '--json']);
      await cli(['key', 'list', '--json']);
      // The inventory (under XDG_CONFIG_HOME, so under root), a scan saved into it, the hand-over report in
      // every format after its live check with the stored credentials, an export, and a monitor run.
      await cli(['site', 'create', 'Leak site']);
      await cli(['scan', ...d.map((x) => `${x.host}:${x.port}`), '--save', '--json']);
      for (const format of ['html', 'csv', 'json']) {
        expect(
          (await cli(['report', '--format', format, '--out', join(root, `report.${format}`)])).code,
        ).toBe(0);
      }
      await cli(['export', '--out', join(root, 'site-export.json')]);
      // The activity log as the CLI prints it: every write above, its outcomes, never a secret.
      expect((await cli(['site', 'activity'])).code).toBe(0);
      expect((await cli(['site', 'activity', '--json'])).json.length).toBeGreaterThan(0);
      const monitored = await cli(['monitor', ...batch, '--duration', '2', '--interval', '0.5', '--json']);
      expect(monitored.json.filter((line) => line.final === true)).toHaveLength(batch.length);
      expect(existsSync(join(root, 'config/Minerdeck/inventory.json'))).toBe(true);

      // The same flows in-process, as the app runs them: events for the renderer, errors as values.
      const events: AppEvent[] = [];
      const hub = createEventHub({ intervalMs: 1 });
      hub.subscribe((batchOfEvents) => events.push(...batchOfEvents));
      const logged = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
        vi
          .spyOn(console, level)
          .mockImplementation((...args: unknown[]) =>
            capture(`console.${level}`, args.map(String).join(' ')),
          ),
      );
      const client = createDeviceClient({ totalTimeoutMs: 1_500 });
      const services = servicesFor(client, { events: hub, store: createKeytarStore({ service: SERVICE }) });
      const targets = d.map((x) => ({ address: addressOf(x) }));
      const outcomes = [
        ...(await services.unlockMany(targets, WRONG_PW)),
        ...(await services.unlockMany(targets, SITE_PW, { remember: true, siteId: 'leak-site-2' })),
        ...(await services.provisionMany(targets)),
        ...(await services.provisionMany(targets, { password: WRONG_PW })),
      ];
      for (const target of targets) {
        const id = await services.identity.resolve(target.address);
        const read = await services.sessions
          .withCredential({ deviceId: id, address: target.address }, (c) =>
            client.getStatus(target.address, c),
          )
          .then(
            (body) => JSON.stringify(body),
            (error: Error) => `error: ${error.message} ${JSON.stringify(error)}`,
          );
        capture('status read', read);
        const revoke = await services.provisioner.revoke({ deviceId: id, address: target.address }).then(
          (r) => JSON.stringify(r),
          (error: Error) => `error: ${error.message}`,
        );
        capture('revoke', revoke);
      }
      // A password change through the core services, as the app runs it, recorded in an activity log
      // (an inventory under root, so its file is searched too).
      const inventory = createInventoryServices({
        dataDir: join(root, 'core-inventory'),
        laptop: 'leak-laptop',
        app: { name: 'Minerdeck', version: 'test' },
      });
      const site = await inventory.ensureFirstSite();
      const commission = createCommissionServices({ client, credentials: services, inventory });
      const changeTargets = await Promise.all(
        targets.map(async (t) => ({ ...t, deviceId: await services.identity.resolve(t.address) })),
      );
      const plan = await commission.planPasswordChange(changeTargets);
      capture('password plan', JSON.stringify(plan));
      const change = await commission.changePasswords(changeTargets, NEW_CORE_PW, {
        plan,
        ...(site.ok && site.value !== undefined ? { siteId: site.value.id } : {}),
      });
      expect(change.activity).toBeDefined();
      capture('password change', JSON.stringify(change));
      capture('activity', JSON.stringify(await inventory.activity()));
      // The monitor as the window runs it: its batched `monitor:diff` events go to the same hub.
      const monitor = createMonitor({
        client,
        sessions: services.sessions,
        events: hub,
        intervalMs: 200,
        timeoutMs: 150,
      });
      const diffs: unknown[] = [];
      monitor.subscribe((diff) => diffs.push(diff));
      monitor.start(
        await Promise.all(
          targets.map(async (t) => ({
            deviceId: await services.identity.resolve(t.address),
            address: t.address,
          })),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      capture(
        'monitor details',
        JSON.stringify(monitor.snapshot().devices.map((v) => monitor.device(v.deviceId))),
      );
      await monitor.stop();
      expect(events.some((e) => e.type === 'monitor:diff')).toBe(true);
      capture('monitor diffs', JSON.stringify(diffs));
      capture('outcomes', JSON.stringify(outcomes));
      capture('listing', JSON.stringify(await services.vault.list()));
      capture('keychain status', JSON.stringify(services.keychain.status));
      hub.close();
      client.close();
      for (const spy of logged) spy.mockRestore();
      capture('events', JSON.stringify(events));

      // Every secret in play: the passwords, every API key any device holds or held, every session token.
      const { tokens, keys } = secretsOnTheWire(fleet.requests, d);
      expect(tokens.length).toBeGreaterThan(5);
      expect(keys.length).toBeGreaterThan(5);
      expect(events.length).toBeGreaterThan(20);
      const secrets = [SITE_PW, DEVICE_PW, WRONG_PW, NEW_PW, NEW_SITE_PW, NEW_CORE_PW, ...tokens, ...keys];

      // `key copy --print` was not used: no output may hold a key. Nothing anywhere may hold the rest.
      expect(leaksInText(texts, secrets)).toEqual([]);
      const files = leaksInFiles(root, secrets);
      expect(files.leaks).toEqual([]);
      // And the runs did leave files to search (the inventory, the reports and the export at least), so the search was not vacuous.
      expect(files.files).toBeGreaterThan(0);
    },
  );
});
