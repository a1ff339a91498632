/**
 * Pool worker names from a template: `acct.{mac6}` becomes `acct.A1B2C3` on one device and
 * `acct.D4E5F6` on the next, so a whole site is set up in one request and each device is still told apart
 * on the pool's dashboard. Pure and zod-free: the app's preview, the CLI and core all compute the same
 * names, and the renderer can check a template while it is typed.
 *
 * Every problem is found before anything is sent: an unknown placeholder fails the whole template (it is
 * a typing mistake); a value a device lacks, a worker that comes out empty or with a space, and a worker
 * two devices would share are that device's problem — it is flagged and skipped, never sent a guess.
 */
import { parseMac } from './mac';

export const WORKER_PLACEHOLDERS = [
  'mac',
  'mac6',
  'ip',
  'ip3',
  'ip4',
  'serial',
  'hostname',
  'label',
  'site',
] as const;
export type WorkerPlaceholder = (typeof WORKER_PLACEHOLDERS)[number];

/** What each placeholder stands for, for help texts and the app's template editor. */
export const WORKER_PLACEHOLDER_HELP: Record<WorkerPlaceholder, string> = {
  mac: 'the MAC without colons (A1B2C3D4E5F6)',
  mac6: 'the last 6 hex digits of the MAC (D4E5F6)',
  ip: 'the IPv4 address (10.0.3.57)',
  ip3: 'the third octet of the IPv4 address (3)',
  ip4: 'the fourth octet of the IPv4 address (57)',
  serial: 'the serial number the device reports',
  hostname: 'the host name the device reports',
  label: 'the inventory label (e.g. a rack position)',
  site: "the site's id (its name made safe for a worker name: hall-7)",
};

/** A value per placeholder; absent when the device has none. */
export type WorkerValues = Partial<Record<WorkerPlaceholder, string>>;

/** What is known about one device, from its `/info`, its address and the inventory. */
export interface WorkerFacts {
  mac?: string | null;
  /** The address's host: an IPv4 address gives `{ip}`, a host name does not. */
  host?: string | null;
  serial?: string | null;
  hostname?: string | null;
  label?: string | null;
  site?: string | null;
}

type Part = { text: string } | { placeholder: WorkerPlaceholder };

export interface WorkerTemplate {
  source: string;
  parts: readonly Part[];
}

export type TemplateCheck = { ok: true; template: WorkerTemplate } | { ok: false; message: string };

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const isPlaceholder = (name: string): name is WorkerPlaceholder =>
  (WORKER_PLACEHOLDERS as readonly string[]).includes(name);
const known = (): string => WORKER_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');

/** Parses a template; an unknown placeholder or a stray brace is an error naming it. */
export function parseWorkerTemplate(source: string): TemplateCheck {
  if (source.trim() === '') return { ok: false, message: 'the worker is empty' };
  const parts: Part[] = [];
  const unknown: string[] = [];
  let rest = source;
  for (let match = /\{([^{}]*)\}/.exec(rest); match !== null; match = /\{([^{}]*)\}/.exec(rest)) {
    const before = rest.slice(0, match.index);
    if (/[{}]/.test(before)) break;
    if (before !== '') parts.push({ text: before });
    const name = match[1] ?? '';
    if (isPlaceholder(name)) parts.push({ placeholder: name });
    else unknown.push(`{${name}}`);
    rest = rest.slice(match.index + match[0].length);
  }
  if (unknown.length > 0) {
    const list = [...new Set(unknown)].join(', ');
    const s = unknown.length === 1 ? '' : 's';
    return { ok: false, message: `unknown placeholder${s} ${list} in "${source}" (known: ${known()})` };
  }
  if (/[{}]/.test(rest)) {
    return { ok: false, message: `a "{" or "}" without its pair in "${source}" (placeholders: ${known()})` };
  }
  if (rest !== '') parts.push({ text: rest });
  return { ok: true, template: { source, parts } };
}

/** Firmware fills fields it cannot read with a placeholder (older S19s send serial "N/A"): no value. */
const NO_VALUE = /^(n\/?a|unknown|none|null|-+)$/i;

const present = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' || NO_VALUE.test(trimmed) ? undefined : trimmed;
};

/** The values a device offers; a MAC that is not one ("N/A") and a host name instead of an IP give none. */
export function workerValues(facts: WorkerFacts): WorkerValues {
  const values: WorkerValues = {};
  const mac = typeof facts.mac === 'string' ? parseMac(facts.mac) : undefined;
  if (mac !== undefined) {
    values.mac = mac.replace(/:/g, '');
    values.mac6 = values.mac.slice(-6);
  }
  const ip = IPV4.exec(facts.host?.trim() ?? '');
  if (ip !== null && ip.slice(1).every((octet) => Number(octet) <= 255)) {
    values.ip = ip[0];
    values.ip3 = String(Number(ip[3]));
    values.ip4 = String(Number(ip[4]));
  }
  for (const key of ['serial', 'hostname', 'label', 'site'] as const) {
    const value = present(facts[key]);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

export type RenderedWorker = { ok: true; worker: string } | { ok: false; missing: WorkerPlaceholder[] };

export function renderWorker(template: WorkerTemplate, values: WorkerValues): RenderedWorker {
  const missing = new Set<WorkerPlaceholder>();
  let worker = '';
  for (const part of template.parts) {
    if ('text' in part) worker += part.text;
    else {
      const value = values[part.placeholder];
      if (value === undefined) missing.add(part.placeholder);
      else worker += value;
    }
  }
  return missing.size > 0 ? { ok: false, missing: [...missing] } : { ok: true, worker };
}

/** One device of a selection: a key (its id) and its values; `label` names it in problems (its address). */
export interface WorkerDevice {
  key: string;
  label: string;
  values: WorkerValues;
}

/** A device's workers, one per template in order, or why it cannot be given them. */
export type DeviceWorkers = { ok: true; workers: string[] } | { ok: false; problem: string };

const MAX_NAMED = 3;

/**
 * Every device's workers across a selection. A device is flagged when a placeholder has no value for it,
 * when a worker comes out empty or with whitespace (pools refuse those), or when another device of the
 * selection would get the same worker in the same pool slot (the pool would merge the two).
 */
export function planWorkers(
  templates: readonly WorkerTemplate[],
  devices: readonly WorkerDevice[],
): Map<string, DeviceWorkers> {
  const plans = new Map<string, DeviceWorkers>();
  for (const device of devices) {
    const workers: string[] = [];
    let problem: string | undefined;
    for (const [slot, template] of templates.entries()) {
      const rendered = renderWorker(template, device.values);
      const pool = `pool ${slot + 1}'s worker "${template.source}"`;
      if (!rendered.ok) {
        const names = rendered.missing.map((m) => `{${m}}`).join(', ');
        problem = `no value for ${names} on this device (${pool})`;
        break;
      }
      if (rendered.worker.trim() === '') {
        problem = `${pool} comes out empty`;
        break;
      }
      if (/[\s\p{Cc}]/u.test(rendered.worker)) {
        problem = `${pool} comes out as "${rendered.worker}", with a space or control character pools refuse`;
        break;
      }
      workers.push(rendered.worker);
    }
    plans.set(device.key, problem === undefined ? { ok: true, workers } : { ok: false, problem });
  }
  flagDuplicates(templates, devices, plans);
  return plans;
}

function flagDuplicates(
  templates: readonly WorkerTemplate[],
  devices: readonly WorkerDevice[],
  plans: Map<string, DeviceWorkers>,
): void {
  const problems = new Map<string, string>();
  for (const [slot, template] of templates.entries()) {
    const holders = new Map<string, WorkerDevice[]>();
    for (const device of devices) {
      const plan = plans.get(device.key);
      const worker = plan?.ok === true ? plan.workers[slot] : undefined;
      if (worker !== undefined) holders.set(worker, [...(holders.get(worker) ?? []), device]);
    }
    for (const [worker, sharing] of holders) {
      if (sharing.length < 2) continue;
      for (const device of sharing) {
        if (problems.has(device.key)) continue;
        const others = sharing.filter((d) => d !== device).map((d) => d.label);
        const named = others.slice(0, MAX_NAMED).join(', ');
        const more = others.length > MAX_NAMED ? ` and ${others.length - MAX_NAMED} more` : '';
        problems.set(
          device.key,
          `pool ${slot + 1}'s worker "${template.source}" gives "${worker}" here and on ${named}${more}: each device needs its own worker`,
        );
      }
    }
  }
  for (const [key, problem] of problems) plans.set(key, { ok: false, problem });
}
