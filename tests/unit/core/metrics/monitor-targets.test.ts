/**
 * The monitors a site's Prometheus scrapes (`export --prometheus --metrics …`, repeated): each read like
 * a typed scan target, then held to what Prometheus can scrape — one IP address and a port, each monitor
 * once — with a reason in words for everything else.
 */
import { describe, expect, it } from 'vitest';
import { parseMonitorTargets } from '../../../../electron/core/metrics/monitor-targets';

const refusal = (texts: string[]): string => {
  const parsed = parseMonitorTargets(texts);
  if (parsed.ok) throw new Error(`accepted ${texts.join(' ')}`);
  expect(parsed.error.code).toBe('INVALID_INPUT');
  return parsed.error.message;
};

describe('parseMonitorTargets', () => {
  it('writes each monitor as Prometheus does, in the order given; none given is this machine', () => {
    expect(parseMonitorTargets(['10.0.1.2:9464', '[FD00::2]:9464', '9465', ' 10.0.2.2:9100 '])).toEqual({
      ok: true,
      value: ['10.0.1.2:9464', '[fd00::2]:9464', '127.0.0.1:9465', '10.0.2.2:9100'],
    });
    expect(parseMonitorTargets([])).toEqual({ ok: true, value: ['127.0.0.1:9464'] });
  });

  it.each([
    ['10.0.1.300:9464', '--metrics "10.0.1.300:9464": 300 is not a number from 0 to 255.'],
    ['010.0.1.2:9464', 'leading zero'],
    ['10.0.1.2:99999', '"99999" is not a port: use a number from 1 to 65535'],
    ['70000', '"70000" is not a port'],
    ['10.0.1.2', 'add the port its monitor serves on, e.g. 10.0.1.2:9464'],
    ['::1', 'e.g. [::1]:9464'],
    ['10.0.1.0/24', 'that is a block or a range'],
    ['10.0.1.2-9:9464', 'that is a block or a range'],
    ['laptop-2:9464', 'not a host name'],
    ['0.0.0.0:9464', '0.0.0.0 is where a monitor listens on every address, not an address to scrape'],
    ['[::]:9464', ':: is where a monitor listens on every address'],
    ['', "give a monitor's address and port"],
  ])('refuses %j, saying why', (text, why) => {
    expect(refusal([text])).toContain(why);
  });

  it('refuses the same monitor twice, however it is written: its devices would count twice', () => {
    expect(refusal(['10.0.1.2:9464', '9464', '127.0.0.1:9464'])).toBe(
      '--metrics "127.0.0.1:9464": 127.0.0.1:9464 is given twice; name each monitor once (its devices would count twice in the site\'s totals).',
    );
  });
});
