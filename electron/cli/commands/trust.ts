/**
 * `minerdeck trust <https address> [--fingerprint SHA256] [--site NAME] [--json]`: the explicit step of
 * trust on first use. Without `--fingerprint` it only shows the certificate the last `scan --save` saw
 * and asks the technician to compare it with the device; with it, that certificate is pinned in the
 * inventory (only the one a scan saw: inventory/devices.ts `trustCertificate`), and every later command
 * talks to the device only while it shows that certificate. A changed certificate is re-pinned the same
 * way, by this command and nothing else.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { appError, err, ok } from '../../../shared/result';
import { tlsPinKey } from '../../core/device/tls-pinning';
import { parse } from '../args';
import { EXIT, reportError } from '../output';
import { certificateTrust } from '../scan-display';
import type { CliContext } from './context';
import { openCliInventory, resolveCliSite, tellProblems, withSiteHint } from './inventory-context';
import { TRUST_USAGE } from './inventory-usage';

const sameEndpoint = (a: DeviceAddress, b: DeviceAddress): boolean =>
  a.scheme === b.scheme && tlsPinKey(a) === tlsPinKey(b);

/** The device at `address`, with the fingerprint its last scan saw. */
function findByAddress(
  devices: readonly InventoryDevice[],
  address: DeviceAddress,
): Result<{ device: InventoryDevice; seen: string }> {
  const found = devices.find((device) => {
    const parsed = parseDeviceAddress(device.address);
    return parsed.ok && sameEndpoint(parsed.value, address);
  });
  const where = formatDeviceAddress(address);
  if (found === undefined) {
    return err(
      'NOT_FOUND',
      `${where} is not in this site: scan it first ("minerdeck scan ${tlsPinKey(address)} --save").`,
    );
  }
  if (found.tlsSeen === null) {
    return err('NOT_FOUND', `no certificate of ${where} was seen yet: scan it with --save first.`);
  }
  return ok({ device: found, seen: found.tlsSeen });
}

export async function trustCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    fingerprint: { type: 'string' },
    site: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const [only] = positionals;
  const address = positionals.length === 1 && only !== undefined ? parseDeviceAddress(only) : undefined;
  if (address === undefined || !address.ok || address.value.scheme !== 'https') {
    const why = address !== undefined && !address.ok ? `${address.error.message} ` : '';
    return reportError(
      ctx.output,
      appError('INVALID_INPUT', `${why}Give one https address. Usage: ${TRUST_USAGE}`),
    );
  }
  const inventory = openCliInventory(ctx);
  const resolved = await resolveCliSite(ctx.output, inventory, values.site as string | undefined);
  const site = resolved.ok ? resolved.value.id : undefined;
  const listed = resolved.ok ? await inventory.devices(site) : resolved;
  tellProblems(ctx.output, inventory);
  if (!listed.ok) return reportError(ctx.output, withSiteHint(listed.error));
  const found = findByAddress(listed.value.devices, address.value);
  if (!found.ok) return reportError(ctx.output, found.error);
  const { device, seen } = found.value;
  const where = formatDeviceAddress(address.value);
  const before = device.tlsPin;
  const fingerprint = values.fingerprint as string | undefined;

  if (fingerprint === undefined) {
    const state = certificateTrust(seen, before ?? undefined);
    const said = {
      new: `${where} shows a new certificate, not trusted yet`,
      trusted: `${where} shows the certificate you trusted`,
      changed: `${where} shows a certificate that is NOT the one you trusted (${before ?? ''})`,
    }[state];
    if (ctx.output.json) {
      ctx.output.out(
        JSON.stringify({ ok: false, address: where, state, fingerprint256: seen, pinned: before }),
      );
    } else {
      ctx.output.out(`${said}: SHA-256 ${seen}`);
      if (state !== 'trusted') {
        ctx.output.out(
          `Compare it with the one the device shows, then: minerdeck trust ${where} --fingerprint ${seen}`,
        );
      }
    }
    return state === 'trusted' ? EXIT.ok : EXIT.failed;
  }

  const trusted = await inventory.trustCertificate(site, device.id, fingerprint);
  if (!trusted.ok) return reportError(ctx.output, trusted.error);
  const replaced = before !== null && certificateTrust(seen, before) === 'changed';
  if (ctx.output.json) {
    ctx.output.out(
      JSON.stringify({ ok: true, address: where, fingerprint256: seen, replaced: replaced ? before : null }),
    );
  } else {
    ctx.output.out(
      `Trusted the certificate of ${where} (SHA-256 ${seen})${replaced ? `, replacing ${before ?? ''}` : ''}.`,
    );
  }
  return EXIT.ok;
}
