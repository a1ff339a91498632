/** The classification rules on answers as real firmware, strict firmware and other web servers give them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HttpAnswer } from '../../../../electron/core/discovery/anonymous-get';
import {
  firmwareMarker,
  identityFromInfo,
  normalizeMac,
  statusShowsApi,
} from '../../../../electron/core/discovery/classify';
import { deviceFixturePath } from '../../../fixtures/paths';

const fixture = (name: string): string => readFileSync(deviceFixturePath(name), 'utf8');

const answer = (status: number, body = '', headers: HttpAnswer['headers'] = {}): HttpAnswer => ({
  status,
  headers,
  body,
});

describe('identityFromInfo', () => {
  it('reads model, firmware, MAC, host name and serial from a real /info', () => {
    expect(identityFromInfo(answer(200, fixture('info.proto-fleet-s21pro-vnish1.2.7.json')))).toEqual({
      mac: '02:95:23:B3:E0:79',
      model: 'Antminer S21 Pro',
      firmware: 'Vnish 1.2.7',
      hostname: 'Antminer',
      serial: 'N/A',
    });
  });

  it('keeps what a sparse /info gives and leaves the rest null', () => {
    expect(
      identityFromInfo(
        answer(200, '{"miner":"S19","system":{"network_status":{"mac":"aa-bb-cc-dd-ee-0f"}}}'),
      ),
    ).toEqual({
      mac: 'AA:BB:CC:DD:EE:0F',
      model: 'S19',
      firmware: null,
      hostname: null,
      serial: null,
    });
  });

  it.each([
    ['a 404', answer(404, 'Not Found')],
    ['HTML', answer(200, '<html><body>login</body></html>')],
    ['another product’s JSON', answer(200, '{"name":"printer","uptime":5}')],
    ['a JSON array', answer(200, '[{"miner":"S19"}]')],
    ['a truncated body', answer(200, '{"miner":"S1')],
  ])('is not a device’s /info: %s', (_name, given) => {
    expect(identityFromInfo(given)).toBeUndefined();
  });
});

describe('statusShowsApi', () => {
  it.each([
    ['401 with no body (strict spec firmware)', answer(401), true],
    ['401 with a Bearer challenge', answer(401, '', { 'www-authenticate': 'Bearer' }), true],
    [
      'a real anonymous status',
      answer(200, fixture('status-before-unlock.tntvlad-har-s19-88-vnish1.2.6.json')),
      true,
    ],
    [
      '401 Basic: a router’s login page',
      answer(401, '', { 'www-authenticate': 'Basic realm="router"' }),
      false,
    ],
    ['401 Digest', answer(401, '', { 'www-authenticate': 'Digest realm="x", nonce="y"' }), false],
    ['JSON without a status field', answer(200, '{"ok":true}'), false],
    ['HTML', answer(200, '<!doctype html><title>x</title>'), false],
    ['404', answer(404), false],
    ['500', answer(500, '{"err":"x"}'), false],
  ])('%s → %s', (_name, given, expected) => {
    expect(statusShowsApi(given)).toBe(expected);
  });
});

describe('firmwareMarker', () => {
  it('finds the marker in the real web UI', () => {
    expect(firmwareMarker(answer(200, fixture('root-index-html.proto-fleet-s21pro-vnish1.2.7.html')))).toBe(
      'AnthillOS',
    );
  });

  it.each([
    ['content first, single quotes', `<meta content='AnthillOS' name='firmware'>`, 'AnthillOS'],
    ['upper case, unquoted', '<META NAME=firmware CONTENT=Vnish>', 'Vnish'],
    ['another meta only', '<meta name="viewport" content="width=device-width">', undefined],
    ['an empty marker', '<meta name="firmware" content="  ">', undefined],
    ['no head at all', 'plain text', undefined],
  ])('%s', (_name, html, expected) => {
    expect(firmwareMarker(answer(200, html))).toBe(expected);
  });

  it('ignores error pages', () => {
    expect(firmwareMarker(answer(404, '<meta name="firmware" content="AnthillOS">'))).toBeUndefined();
  });
});

describe('normalizeMac', () => {
  it.each([
    ['02:95:23:b3:e0:79', '02:95:23:B3:E0:79'],
    ['02-95-23-B3-E0-79', '02:95:23:B3:E0:79'],
    ['0295.23b3.e079', '02:95:23:B3:E0:79'],
    [' 029523b3e079 ', '02:95:23:B3:E0:79'],
    ['not a mac', 'not a mac'],
  ])('%j → %j', (mac, expected) => {
    expect(normalizeMac(mac)).toBe(expected);
  });
});
