/**
 * What happens to each request a device receives: read the body, record it, apply fault rules, route,
 * answer. Recording comes first so tests can assert on requests that never got an answer.
 */
import type { IncomingMessage, RequestListener } from 'node:http';
import type { FaultRules } from './fault-rules';
import { fixtures } from './fixtures';
import { FIRMWARE_UPDATE_PATH } from './firmware-update';
import { readFirmwareUpload, uploadSummary } from './firmware-upload';
import type { FirmwareUpload } from './firmware-upload';
import type { DeviceContext, SimRequest } from './handlers';
import { readBody, writeFault, writeResponse } from './http-io';
import { route } from './router';
import type { SiteLink } from './site-link';
import { json } from './sim-response';
import type { RecordedRequest } from './types';

export interface PipelineDeps {
  id: string;
  port: number;
  /** The device's current address (moveTo changes it). */
  host: () => string;
  ctx: DeviceContext;
  faults: FaultRules;
  /** Absent when recording is off. */
  record: ((r: RecordedRequest) => void) | undefined;
  /** Waits field ms; resolves false when the device closed meanwhile: the request is then abandoned. */
  delay: (ms: number) => Promise<boolean>;
  /** The site link firmware uploads share (site-link.ts); none: an upload is in once its bytes are. */
  link?: SiteLink;
}

const header = (v: string | string[] | undefined): string | undefined =>
  Array.isArray(v) ? v.join(', ') : v;

const isFirmwareUpload = (ctx: DeviceContext, method: string, url: string): boolean =>
  ctx.profile === 'field' && method === 'POST' && (url.split('?', 1)[0] ?? url) === FIRMWARE_UPDATE_PATH;

/**
 * The upload read through the parser and, with a site link, carried over it: the device has the image
 * once its bytes have passed on the link in field time (the real bytes crossed loopback long before). A
 * client that leaves meanwhile cuts it: nothing is installed, no answer.
 */
async function receiveUpload(req: IncomingMessage, deps: PipelineDeps): Promise<FirmwareUpload> {
  const length = Number(req.headers['content-length']);
  const transfer = deps.link?.start(Number.isFinite(length) && length >= 0 ? length : undefined, deps.host());
  const upload = await readFirmwareUpload(req, {
    delay: deps.delay,
    now: deps.ctx.now,
    ...(deps.ctx.firmware.bytesPerSecond !== undefined
      ? { bytesPerSecond: deps.ctx.firmware.bytesPerSecond }
      : {}),
  });
  if (transfer === undefined) return upload;
  if (upload.cut) {
    transfer.cancel();
    return upload;
  }
  transfer.setBytes(upload.received);
  const leave = (): void => transfer.cancel();
  req.socket.once('close', leave);
  const passed = await transfer.done;
  req.socket.off('close', leave);
  return passed ? upload : { ...upload, cut: true };
}

export function createRequestListener(deps: PipelineDeps): RequestListener {
  const handle: RequestListener = async (req, res) => {
    const time = deps.ctx.now();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    // A firmware image streams through a parser (never held: 64 MB per device would add up); the record
    // keeps a line about it instead of the body.
    const upload = isFirmwareUpload(deps.ctx, method, url) ? await receiveUpload(req, deps) : undefined;
    const body = upload !== undefined ? uploadSummary(upload) : await readBody(req);
    deps.record?.({
      deviceId: deps.id,
      host: deps.host(),
      port: deps.port,
      method,
      path: url,
      headers: { ...req.headers },
      rawHeaders: [...req.rawHeaders],
      body,
      time,
    });
    // The client went away mid-upload: there is no one to answer.
    if (upload?.cut === true) return;
    const pathname = url.split('?', 1)[0] ?? url;
    const plan = deps.faults.take(method, pathname);
    if (plan.delayMs > 0 && !(await deps.delay(plan.delayMs))) return;
    // Hang: the socket stays open and silent until the client gives up or the fleet closes.
    if (plan.fault?.kind === 'hang') return;
    const simReq: SimRequest = {
      method,
      pathname,
      authorization: header(req.headers.authorization),
      apiKey: header(req.headers['x-api-key']),
      contentType: header(req.headers['content-type']),
      body,
      ...(upload !== undefined ? { upload } : {}),
    };
    const normal = () => route(deps.ctx, simReq);
    if (plan.fault) await writeFault(res, plan.fault, normal, fixtures().errText);
    else {
      const answer = normal();
      // A device that writes the image before it answers (`installHoldsAnswer`).
      if (answer.holdMs !== undefined && answer.holdMs > 0 && !(await deps.delay(answer.holdMs))) return;
      writeResponse(res, answer);
    }
  };
  return (req, res) => {
    Promise.resolve(handle(req, res)).catch((e: unknown) => {
      // A bug in the simulator must show up as an answer, not as a hung test.
      if (!res.headersSent) writeResponse(res, json(500, { err: `simulator: ${String(e)}` }));
      else res.destroy();
    });
  };
}
