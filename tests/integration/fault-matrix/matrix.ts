/**
 * The fault matrix: every simulator fault × every operation → what a person sees. One table feeds both the
 * tests (each cell's `outcome` is asserted exactly and its `match` against the real message) and
 * docs/fault-matrix.md (rendered from it and compared by doc.test.ts), so the document cannot drift from
 * what the tests prove. `says` is an example of the text shown; it must match `match` too.
 */

export const FAULT_IDS = [
  'latency',
  'hang',
  'reset-mid-body',
  'http-500',
  'malformed-json',
  'huge-body',
  'html',
  'down',
  'moved',
  'self-signed',
  'rotated-cert',
  'wrong-password',
  'lockout',
  'token-expiry',
  'token-with-space',
  'unsendable-token',
  'implausible-values',
  'same-mac',
] as const;
export type FaultId = (typeof FAULT_IDS)[number];

export const OPERATIONS = ['scan', 'unlock', 'provision', 'monitor'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const FAULTS: Record<FaultId, string> = {
  latency: '200 ms added to every answer',
  hang: 'accepts the request, never answers',
  'reset-mid-body': 'sends half the body, then closes the connection',
  'http-500': '500 `{"err": "Failed to read chains "}`',
  'malformed-json': '200 with a body that is not valid JSON',
  'huge-body': '200 with a 6 MiB body',
  html: '200 with a router login page (HTML)',
  down: 'connection refused (rebooting, cable pulled)',
  moved: 'same device, new IP address (DHCP)',
  'self-signed': 'https with a self-signed certificate nobody trusted yet',
  'rotated-cert': 'https, the pinned certificate replaced by another',
  'wrong-password': 'its password is not the one given or stored',
  lockout: 'locked out after wrong passwords (429 `unlock_timeout`)',
  'token-expiry': 'sessions expire after 250 ms (the key request arrives after that)',
  'token-with-space':
    'unlock answers a token with spaces in it (`session 1 of the day`), a legal header value',
  'unsendable-token': 'unlock answers a token with a line break in it, which HTTP cannot carry back',
  'implausible-values':
    'mining, but with −5 GH/s, a fan at −1200 rpm, chips at 5000 °C, 25 kW, 52767249433 days in its state, and `N/A` as its MAC',
  'same-mac':
    'reports the MAC of one of the healthy devices, both answering (a cloned or misconfigured control board)',
};

export const OPERATION_TITLES: Record<Operation, string> = {
  scan: 'Scan (discovery)',
  unlock: 'Bulk unlock',
  provision: 'Key provisioning',
  monitor: 'Monitoring',
};

export interface Cell {
  /** Asserted exactly: a scan classification, `ok`, an error code, or a monitor state. */
  outcome: string;
  /** An example of the text a person reads (address shortened to `D`). */
  says: string;
  /** The real text must match. */
  match: RegExp;
}

const cell = (outcome: string, says: string, match: RegExp): Cell => ({ outcome, says, match });

export const MATRIX: Record<FaultId, Record<Operation, Cell>> = {
  latency: {
    scan: cell('device', 'device D Antminer S21 Pro · Vnish …', /^device\s/),
    unlock: cell('ok', 'unlocked', /^unlocked$/),
    provision: cell('ok', 'API key stored', /^API key stored/),
    monitor: cell('online', 'device reports mining', /^device reports mining$/),
  },
  hang: {
    scan: cell('not found', 'not listed (no answer within the scan timeout)', /^not listed/),
    unlock: cell('TIMEOUT', 'D did not answer within 1500 ms.', /did not answer within 1500 ms/),
    // The unlock with the stored password is automatic: it waits at least 5 s for the device's verdict
    // (credentials/session-unlock.ts, VERDICT_WAIT_MS), whatever the client's 1500 ms.
    provision: cell('TIMEOUT', 'D did not answer within 5000 ms.', /did not answer within 5000 ms/),
    monitor: cell('offline', 'no answer for 3 polls (did not answer within …)', /^no answer for \d+ polls/),
  },
  'reset-mid-body': {
    scan: cell('not found', 'not listed', /^not listed/),
    unlock: cell('UNREACHABLE', 'D closed the connection while sending its answer.', /closed the connection/),
    provision: cell(
      'UNREACHABLE',
      'D closed the connection while sending its answer.',
      /closed the connection/,
    ),
    monitor: cell('offline', 'no answer for 3 polls (closed the connection …)', /^no answer for \d+ polls/),
  },
  'http-500': {
    scan: cell('http-other', 'http-other D (answers, but not as a device)', /^http-other\s/),
    unlock: cell(
      'HTTP_ERROR',
      'D: device answered 500: Failed to read chains',
      /device answered 500: Failed to read chains$/,
    ),
    provision: cell(
      'HTTP_ERROR',
      'D: device answered 500: Failed to read chains; no API key was created; the device keeps using its password.',
      /device answered 500: Failed to read chains; no API key was created/,
    ),
    monitor: cell('error', 'answered 500: Failed to read chains', /^answered 500: Failed to read chains$/),
  },
  'malformed-json': {
    scan: cell('http-other', 'http-other D (answers, but not as a device)', /^http-other\s/),
    unlock: cell('BAD_RESPONSE', 'D: answered malformed JSON.', /malformed JSON/),
    provision: cell('BAD_RESPONSE', 'D: answered malformed JSON.', /malformed JSON/),
    monitor: cell('error', 'answered malformed JSON', /malformed JSON/),
  },
  'huge-body': {
    scan: cell('http-other', 'http-other D (answers, but not as a device)', /^http-other\s/),
    unlock: cell('BAD_RESPONSE', 'D: answered more than 1 MiB.', /1 MiB/),
    provision: cell('BAD_RESPONSE', 'D: answered more than 1 MiB.', /1 MiB/),
    monitor: cell('error', 'sent an answer larger than 1 MiB', /^sent an answer larger than 1 MiB$/),
  },
  html: {
    scan: cell('http-other', 'http-other D', /^http-other\s/),
    unlock: cell('BAD_RESPONSE', 'D: answered HTML, not JSON.', /HTML, not JSON/),
    provision: cell('BAD_RESPONSE', 'D: answered HTML, not JSON.', /HTML, not JSON/),
    monitor: cell('error', 'answered HTML, not JSON', /HTML, not JSON/),
  },
  down: {
    scan: cell('not found', 'not listed (connection refused)', /^not listed/),
    unlock: cell('UNREACHABLE', 'D refused the connection', /refused the connection/),
    provision: cell('UNREACHABLE', 'D refused the connection', /refused the connection/),
    monitor: cell('offline', 'no answer for 3 polls (refused the connection …)', /^no answer for \d+ polls/),
  },
  moved: {
    scan: cell('device', 'device D … · moved from 127.x.y.z', /moved from /),
    unlock: cell('UNREACHABLE', 'D refused the connection', /refused the connection/),
    provision: cell('UNREACHABLE', 'D refused the connection', /refused the connection/),
    monitor: cell('offline', 'no answer for 3 polls (refused the connection …)', /^no answer for \d+ polls/),
  },
  'self-signed': {
    scan: cell(
      'device',
      'device https://D:8443 … · new certificate SHA-256 AB:CD:…: compare it with the device, then trust it',
      /new certificate SHA-256 [0-9A-F]{2}:[0-9A-F]{2}:/,
    ),
    unlock: cell(
      'TLS_UNTRUSTED',
      'D presents a certificate no authority vouches for',
      /no authority vouches/,
    ),
    provision: cell(
      'TLS_UNTRUSTED',
      'D presents a certificate no authority vouches for',
      /no authority vouches/,
    ),
    monitor: cell('error', 'presents a certificate no authority vouches for', /no authority vouches/),
  },
  'rotated-cert': {
    scan: cell(
      'device',
      'device https://D:8443 … · certificate CHANGED since it was trusted: SHA-256 EF:01:…',
      /certificate CHANGED since it was trusted: SHA-256 [0-9A-F]{2}:[0-9A-F]{2}:/,
    ),
    unlock: cell(
      'TLS_CHANGED',
      'The certificate of D changed since it was trusted',
      /changed since it was trusted/,
    ),
    provision: cell(
      'TLS_CHANGED',
      'The certificate of D changed since it was trusted',
      /changed since it was trusted/,
    ),
    monitor: cell(
      'error',
      'The certificate of D changed since it was trusted',
      /changed since it was trusted/,
    ),
  },
  'wrong-password': {
    scan: cell('device', 'device D (no password sent)', /^device\s/),
    unlock: cell('WRONG_PASSWORD', 'D: the device refused the password', /refused the password/),
    provision: cell('WRONG_PASSWORD', 'D: the device refused the password', /refused the password/),
    monitor: cell('needs-password', 'the device refused the stored password', /refused the stored password/),
  },
  lockout: {
    scan: cell('device', 'device D (no unlock sent)', /^device\s/),
    unlock: cell('LOCKED_OUT', 'D: locked out: wait 600 s before trying again.', /locked out: wait \d+ s/),
    provision: cell('LOCKED_OUT', 'D: locked out: wait 600 s before trying again.', /locked out: wait \d+ s/),
    monitor: cell('locked-out', 'the device refuses unlocks for 600 s', /\d+ s/),
  },
  'token-expiry': {
    scan: cell('device', 'device D', /^device\s/),
    unlock: cell('ok', 'unlocked', /^unlocked$/),
    provision: cell('ok', 'API key stored (after one fresh unlock)', /^API key stored/),
    // A fresh unlock each time the session ends (asserted in monitor.test.ts).
    monitor: cell('online', 'device reports mining', /^device reports mining$/),
  },
  'token-with-space': {
    scan: cell('device', 'device D', /^device\s/),
    unlock: cell('ok', 'unlocked', /^unlocked$/),
    provision: cell('ok', 'API key stored', /^API key stored/),
    monitor: cell('online', 'device reports mining', /^device reports mining$/),
  },
  'unsendable-token': {
    scan: cell('device', 'device D (no unlock sent)', /^device\s/),
    unlock: cell(
      'BAD_RESPONSE',
      'D: the device gave a session token that cannot be sent back in a header (it contains a line break or a NUL character).',
      /: the device gave a session token that cannot be sent back in a header \(it contains a line break/,
    ),
    provision: cell(
      'BAD_RESPONSE',
      'D: the device gave a session token that cannot be sent back in a header (…); no API key was created; the device keeps using its password.',
      /session token that cannot be sent back in a header \(.+\); no API key was created/,
    ),
    // Retried at every poll like any failing device (the stored password is accepted each time).
    monitor: cell(
      'error',
      'the device gave a session token that cannot be sent back in a header (it contains a line break or a NUL character)',
      /^the device gave a session token that cannot be sent back in a header \(/,
    ),
  },
  'implausible-values': {
    // Known by its address: "N/A" is no MAC, and none is shown.
    scan: cell('device', 'device D Antminer S21 Pro · Vnish 1.2.7 · Antminer', /^device\s(?!.*N\/A)/),
    unlock: cell('ok', 'unlocked', /^unlocked$/),
    provision: cell('ok', 'API key stored', /^API key stored/),
    // Left out of the numbers, the totals and the alerts; named (monitor.test.ts adds the names to the reason).
    monitor: cell(
      'online',
      'device reports mining · implausible: hash rate, hottest chip, power, fan speed',
      /^device reports mining · implausible: hash rate, hottest chip, power, fan speed$/,
    ),
  },
  // A device of its own (never merged with its twin), known by its address; the scan flags both.
  'same-mac': {
    scan: cell('device', 'device D Antminer S21 Pro · … · same MAC as 127.x.y.z:p', /same MAC as 127\./),
    unlock: cell('ok', 'unlocked', /^unlocked$/),
    provision: cell('ok', 'API key stored', /^API key stored/),
    monitor: cell('online', 'device reports mining', /^device reports mining$/),
  },
};

/** The document, rendered from the table. */
export function renderFaultMatrix(): string {
  const escape = (text: string): string => text.replace(/\|/g, '\\|');
  const lines = [
    '# Fault matrix',
    '',
    'What a technician sees when a device misbehaves, for every fault the simulator can inject and every',
    'operation. Each cell is a test against the simulator over real loopback HTTP',
    '(`tests/integration/fault-matrix/`): the operation runs once over a batch holding one device per fault',
    'and two healthy ones, and the tests assert, per cell, the outcome below and that its text matches; and',
    'for the whole batch: no crash, every device has an outcome, the elapsed time stays within the configured',
    'timeouts plus a margin, the healthy devices succeed and stored credentials are intact.',
    '',
    'This file is generated from `tests/integration/fault-matrix/matrix.ts`; `doc.test.ts` fails when they',
    'differ (`UPDATE_FAULT_MATRIX=1 npx vitest run tests/integration/fault-matrix/doc.test.ts` rewrites it).',
    '',
    'Client timeouts in these tests: connect 500 ms, total 1500 ms per request. Monitor: 600 ms interval,',
    '500 ms per poll, offline after 3 missed polls. `D` stands for the device address.',
    '',
    '## Faults',
    '',
    '| fault | what the device does |',
    '| --- | --- |',
    ...FAULT_IDS.map((id) => `| \`${id}\` | ${escape(FAULTS[id])} |`),
    '',
  ];
  for (const op of OPERATIONS) {
    lines.push(
      `## ${OPERATION_TITLES[op]}`,
      '',
      '| fault | outcome | what the person reads |',
      '| --- | --- | --- |',
    );
    for (const id of FAULT_IDS) {
      const c = MATRIX[id][op];
      lines.push(`| \`${id}\` | \`${c.outcome}\` | ${escape(c.says)} |`);
    }
    lines.push('');
  }
  lines.push(...LAPTOP_NETWORK_SECTION);
  return lines.join('\n');
}

/** Faults on the laptop's side: one cause for the whole batch, so not cells of the tables above. */
const LAPTOP_NETWORK_SECTION = [
  "## The laptop's own network",
  '',
  "When the cause is on the laptop's side every device fails at once. The monitor says so once instead of",
  'raising an alarm per device (`electron/core/monitor/laptop-network.ts`). Tested in network namespaces, the',
  "laptop's interface set down then up (`tests/integration/laptop-network-netns.test.ts`, the CLI with its",
  'metrics), over loopback with every device silent at once (`tests/integration/monitor-laptop-network.test.ts`),',
  'and the detector alone (`tests/unit/core/monitor/laptop-network.test.ts`).',
  '',
  '| fault | what the monitor says | the devices |',
  '| --- | --- | --- |',
  '| interface down, cable out: no route (`ENETUNREACH`, `ENETDOWN`, `EADDRNOTAVAIL`) for two devices or more, nothing answering for a poll timeout | one condition: this laptop is not on the site network (since 22:42) | keep their last state, not checked; no miss counted, no offline alarm |',
  '| every device that was answering silent at once, three or more (a cable out whose routes the laptop keeps: `EHOSTUNREACH` after ARP, timeouts) | the same condition | the same |',
  '| the network back: any answer from any device | this laptop is back on the site network (it was off from 22:42 to 22:45) | every device polled again within one interval, none left in a backoff |',
  '| one device without a route, or silent, while others answer | nothing about the laptop | `offline` after 3 polls, with its alarm, as above |',
  '',
];
