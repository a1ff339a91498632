/**
 * `POST /api/v1/firmware/update` of the `field` profile (vendor OpenAPI 1.2.6, `SchemaFirmwareUpdate`):
 * multipart/form-data with `file` (the image) and `keep_settings` ("true" or "false", default "true"),
 * a bearer token or API key. 200 `{"after": rebootAfterSeconds}`, then the device reboots as
 * `POST /system/reboot` does and comes back on the image's version; every token is gone.
 *
 * The simulator cannot run real firmware, so it has its own image convention (README "Firmware"): any
 * file whose first line is `minerdeck-sim-firmware <version> <model>`. An image for another model is
 * refused as a device would refuse it (500 `{"err"}`), and so is a file that is not such an image.
 *
 * Faults (`firmwareFault` option, `setFirmwareFault`): `upload-refused` (500 `{"err"}`), `old-version`
 * (reboots and comes back on the version it had), `never-back` (goes down and does not come back while
 * the fleet runs), `slow-upload` (reads the upload at `bytesPerSecond`).
 *
 * The install (`installSeconds`, field: 60–120 s): the device writes the image while it still answers and
 * mines on the old firmware, then reboots. By default it answers once the upload is in, with `after` =
 * the install plus `rebootAfterSeconds` (the client sees when the link is free and when it goes down);
 * `installHoldsAnswer` answers once the image is written instead, `after` = `rebootAfterSeconds`.
 */
import { fail } from './handlers';
import type { DeviceContext, Handler } from './handlers';
import type { DeviceWrites } from './device-writes';
import type { FirmwareUpload } from './firmware-upload';
import type { Identity } from './identity';
import type { Route } from './router';
import { json } from './sim-response';
import type { SimResponse } from './sim-response';
import type { FirmwareFault, SimFirmwareState } from './types';

export const FIRMWARE_UPDATE_PATH = '/api/v1/firmware/update';
/** The first word of a simulated image's first line. */
export const SIM_IMAGE_MAGIC = 'minerdeck-sim-firmware';

/** `minerdeck-sim-firmware <version> <model>` from an image's first bytes, or undefined. */
export function parseSimImage(first: Buffer): { version: string; model: string } | undefined {
  const line = first.toString('latin1').split(/\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${SIM_IMAGE_MAGIC} (\\S{1,100}) (\\S{1,100})\\s*$`).exec(line);
  if (match === null || match[1] === undefined || match[2] === undefined) return undefined;
  return { version: match[1], model: match[2] };
}

/** The text of a simulated image's first line (tests and benchmarks build images with it). */
export const simImageHeader = (version: string, model: string): string =>
  `${SIM_IMAGE_MAGIC} ${version} ${model}\n`;

/** The device's timing of an update (its resolved options). */
export interface UpdateTiming {
  rebootAfterSeconds: number;
  installSeconds: number;
  installHoldsAnswer: boolean;
}

export class FirmwareUpdates {
  fault: FirmwareFault | undefined;
  readonly state: SimFirmwareState = { uploads: 0, updates: 0 };

  constructor(
    private readonly identity: Identity,
    private readonly writes: DeviceWrites,
    private readonly timing: () => UpdateTiming,
    fault: FirmwareFault | undefined,
    /** The new firmware's own certificate (https devices with `updateRotatesCertificate`). */
    private readonly newCertificate: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.fault = fault;
  }

  /** The upload's bytes per second, while a `slow-upload` fault is set. */
  get bytesPerSecond(): number | undefined {
    return this.fault?.kind === 'slow-upload' ? this.fault.bytesPerSecond : undefined;
  }

  update(ctx: DeviceContext, upload: FirmwareUpload | undefined): SimResponse {
    this.state.uploads++;
    if (upload === undefined || upload.problem !== undefined) {
      return fail(ctx, 400, `Multipart error: ${upload?.problem ?? 'no multipart body'}`);
    }
    const keep = upload.parts.find((p) => p.name === 'keep_settings' && p.filename === undefined);
    const keepText = keep?.first.toString('utf8').trim();
    if (keepText !== undefined && keepText !== 'true' && keepText !== 'false') {
      return fail(ctx, 400, 'keep_settings must be "true" or "false"');
    }
    const file = upload.parts.find((p) => p.name === 'file');
    if (file === undefined || file.bytes === 0) return fail(ctx, 400, 'missing field `file`');
    if (this.fault?.kind === 'upload-refused') {
      return fail(ctx, 500, this.fault.err ?? 'Not enough memory to update the firmware');
    }
    const image = parseSimImage(file.first);
    if (image === undefined) return fail(ctx, 500, 'Invalid firmware image');
    if (image.model.toLowerCase() !== this.identity.modelId.toLowerCase()) {
      return fail(ctx, 500, `Firmware is for ${image.model}, this miner is ${this.identity.modelId}`);
    }
    this.state.updates++;
    this.state.lastKeepSettings = keepText !== 'false';
    this.state.lastImage = {
      ...image,
      bytes: file.bytes,
      ...(file.filename !== undefined ? { filename: file.filename } : {}),
    };
    const fault = this.fault;
    const { rebootAfterSeconds, installSeconds, installHoldsAnswer } = this.timing();
    // Answered at once, `after` is whole seconds (int64): the install counts in whole seconds too.
    const install = installHoldsAnswer ? installSeconds : Math.ceil(installSeconds);
    this.writes.scheduleReboot(rebootAfterSeconds, {
      firstSeconds: install,
      asItGoesDown: async () => {
        // The device "finished" the update and comes back on the old firmware (a field fact).
        if (fault?.kind === 'old-version') return;
        this.identity.firmwareVersion = image.version;
        // A certificate that cannot be made leaves the old one: the device is still there.
        await this.newCertificate().catch(() => undefined);
      },
      ...(fault?.kind === 'never-back' ? { downSeconds: Number.POSITIVE_INFINITY } : {}),
    });
    if (installHoldsAnswer) return { ...json(200, { after: rebootAfterSeconds }), holdMs: install * 1000 };
    return json(200, { after: rebootAfterSeconds + install });
  }
}

export const firmwareUpdate: Handler = (ctx, req) => ctx.firmware.update(ctx, req.upload);

export const fieldFirmwareRoutes: [string, Record<string, Route>][] = [
  [FIRMWARE_UPDATE_PATH, { POST: { auth: 'required', handle: firmwareUpdate } }],
];
