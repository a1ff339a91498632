/**
 * Arguments of `npm run simulator`. Pure, so bad input is tested without starting anything; every
 * mistake gets a message that names the option and what it accepts.
 */
import { parseArgs } from 'node:util';
import { parseHostBase } from './host-alloc';
import type { Profile } from './types';

export interface CliOptions {
  count: number;
  port: number;
  hostBase: string;
  profile: Profile;
  password: string;
  https: boolean;
  /** Print one line per device (address, MAC, model) after the summary. */
  list: boolean;
  /** The field clock runs this many times faster than real time (1: real time). */
  timeScale: number;
  /** The field profile's timings (field-profile.ts) and the site link (1 Gbit/s, 200 Mbit/s a device). */
  field: boolean;
  /** Every Nth device (the Nth, 2Nth, …) is firmware without the notes API; 0: none. */
  noNotesEvery: number;
  help: boolean;
}

export type CliParse = { ok: true; options: CliOptions } | { ok: false; message: string };

export const USAGE = `Usage: npm run simulator -- [--count N] [--port P] [--host-base 127.0.1] [--profile field|spec]
                            [--password PW] [--https] [--list] [--field] [--time-scale N]
                            [--no-notes-every N]

Starts N simulated devices (default 10), each on its own loopback address (host base .1, .2, …)
and the same port (default 8080), and runs until Ctrl+C. Prints one summary line (count, models,
address range, port); --list adds one line per device (address, MAC, model).
--field gives the devices a real hall's timings (install 60-120 s, reboot 120-180 s, restart 30-60 s,
climb 3-5 min, tuning 20-40 min) and one 1 Gbit/s site link for uploads (200 Mbit/s a device);
--time-scale N runs the devices' clock N times faster (default 1, real time).
--no-notes-every N gives every Nth device firmware without the notes API (404 on /api/v1/notes).`;

const MAX_COUNT = 20_000;
/** A day of field time in under a minute and a half: more only loses the timers' precision. */
const MAX_TIME_SCALE = 1000;

function integer(text: string, name: string, min: number, max: number): number | string {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    return `--${name} must be a whole number from ${min} to ${max}, got '${text}'`;
  }
  return n;
}

export function parseCliArgs(argv: string[]): CliParse {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        count: { type: 'string', default: '10' },
        port: { type: 'string', default: '8080' },
        'host-base': { type: 'string', default: '127.0.1' },
        profile: { type: 'string', default: 'field' },
        password: { type: 'string', default: 'admin' },
        https: { type: 'boolean', default: false },
        list: { type: 'boolean', default: false },
        field: { type: 'boolean', default: false },
        'time-scale': { type: 'string', default: '1' },
        'no-notes-every': { type: 'string', default: '0' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  const count = integer(values.count, 'count', 1, MAX_COUNT);
  if (typeof count === 'string') return { ok: false, message: count };
  const port = integer(values.port, 'port', 1, 65_535);
  if (typeof port === 'string') return { ok: false, message: port };
  const profile = values.profile;
  if (profile !== 'field' && profile !== 'spec') {
    return { ok: false, message: `--profile must be 'field' or 'spec', got '${profile}'` };
  }
  if (values.password === '') return { ok: false, message: '--password must not be empty' };
  const noNotesEvery = integer(values['no-notes-every'], 'no-notes-every', 0, MAX_COUNT);
  if (typeof noNotesEvery === 'string') return { ok: false, message: noNotesEvery };
  const scaleText = values['time-scale'];
  const timeScale = Number(scaleText);
  if (!/^\d+(\.\d+)?$/.test(scaleText) || !(timeScale >= 1 && timeScale <= MAX_TIME_SCALE)) {
    return {
      ok: false,
      message: `--time-scale must be a number from 1 to ${MAX_TIME_SCALE}, got '${scaleText}'`,
    };
  }
  try {
    parseHostBase(values['host-base']);
  } catch (e) {
    return { ok: false, message: `--host-base: ${e instanceof Error ? e.message : String(e)}` };
  }
  return {
    ok: true,
    options: {
      count,
      port,
      hostBase: values['host-base'],
      profile,
      password: values.password,
      https: values.https,
      list: values.list,
      timeScale,
      field: values.field,
      noNotesEvery,
      help: values.help,
    },
  };
}

/** The hosts as one range a technician can paste into discovery: 'first-last'. */
export function targetRange(hosts: readonly string[]): string {
  const first = hosts[0];
  const last = hosts[hosts.length - 1];
  if (first === undefined || last === undefined) return '';
  return first === last ? first : `${first}-${last}`;
}
