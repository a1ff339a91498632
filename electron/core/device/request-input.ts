/**
 * Caller input checked before any socket opens: bad input gets a clear error before any network
 * call. Callers are TypeScript, the CLI and IPC handlers; the checks also hold for values that slipped
 * past the types at runtime. No message here ever quotes a password, token or key.
 */
import { message } from '../../../shared/i18n/message';
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import { unsendableToken } from './answer';
import { DeviceError } from './device-error';
import { credentialValueProblem, problemText } from './header-value';

/** A device address as typed (`10.0.0.5`, `https://miner-7:8443`) or already parsed. */
export type AddressInput = DeviceAddress | string;

/**
 * Address objects already validated, with what they validated to. The monitor passes the same object on
 * every poll of a device; re-parsing it 600 times a second was measurable (benchmark). The fields are
 * compared on every use, so an object changed since is validated again.
 */
const validated = new WeakMap<DeviceAddress, DeviceAddress>();

const sameAddress = (a: DeviceAddress, b: DeviceAddress): boolean =>
  a.host === b.host && a.port === b.port && a.scheme === b.scheme;

/**
 * Parses a string, and re-validates a DeviceAddress object by round-tripping it through the parser, so a
 * hand-built `{port: 0}` is refused exactly like a typed `host:0`.
 */
export function resolveAddress(input: AddressInput): DeviceAddress {
  if (typeof input === 'object' && input !== null) {
    const known = validated.get(input);
    if (known !== undefined && sameAddress(known, input)) return known;
  }
  const address = parseAddressInput(input);
  if (typeof input === 'object' && input !== null && sameAddress(address, input))
    validated.set(input, address);
  return address;
}

function parseAddressInput(input: AddressInput): DeviceAddress {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else if (
    typeof input === 'object' &&
    input !== null &&
    typeof input.host === 'string' &&
    typeof input.port === 'number' &&
    (input.scheme === 'http' || input.scheme === 'https')
  ) {
    if (!Number.isInteger(input.port) || input.port < 1 || input.port > 65535) {
      throw new DeviceError(
        'INVALID_INPUT',
        `${input.port} is not a port: use a number from 1 to 65535.`,
        {},
        {
          text: message('errors.input.badPort', { port: input.port }),
        },
      );
    }
    text = formatDeviceAddress(input);
  } else {
    throw new DeviceError(
      'INVALID_INPUT',
      'The device address is missing or not an address.',
      {},
      {
        text: message('errors.input.addressMissing'),
      },
    );
  }
  const parsed = parseDeviceAddress(text);
  if (!parsed.ok) {
    const text = parsed.error.text;
    throw new DeviceError('INVALID_INPUT', parsed.error.message, {}, text === undefined ? {} : { text });
  }
  return parsed.value;
}

export function requirePassword(password: unknown): string {
  if (typeof password !== 'string' || password === '') {
    throw new DeviceError(
      'INVALID_INPUT',
      'The password is empty: type the device password.',
      {},
      {
        text: message('errors.input.passwordEmpty'),
      },
    );
  }
  return password;
}

type Secret = 'token' | 'API key';
const SECRET_KEY = { token: 'token', 'API key': 'apiKey' } as const;

const requireText = (value: unknown, what: Secret): string => {
  if (typeof value !== 'string' || value === '')
    throw new DeviceError(
      'INVALID_INPUT',
      `The ${what} is empty.`,
      {},
      {
        text: message('errors.input.secretEmpty', { what: SECRET_KEY[what] }),
      },
    );
  return value;
};

/** A value the user gives (an API key): one HTTP cannot carry (header-value.ts) is their input to fix. */
function requireHeaderSafe(value: unknown, what: Secret): string {
  const text = requireText(value, what);
  const problem = credentialValueProblem(text);
  if (problem !== undefined) {
    throw new DeviceError(
      'INVALID_INPUT',
      `The ${what} cannot be sent in an HTTP header: ${problem}.`,
      {},
      {
        text: message('errors.input.secretUnsendable', {
          what: SECRET_KEY[what],
          problem: problemText(problem),
        }),
      },
    );
  }
  return text;
}

/**
 * Exactly one credential header (spec §5): `Authorization: Bearer <token>` or `x-api-key: <key>`, never
 * both, never a key inside Authorization. A token only ever comes from a device's unlock (which already
 * refuses one HTTP cannot carry): one that still cannot be sent is the device's fault (BAD_RESPONSE).
 */
export function credentialHeaders(credential: DeviceCredential, where: string): Record<string, string> {
  if (typeof credential === 'object' && credential !== null) {
    if (credential.kind === 'token') {
      const token = requireText(credential.token, 'token');
      const problem = credentialValueProblem(token);
      if (problem !== undefined) throw unsendableToken(where, problem);
      return { Authorization: `Bearer ${token}` };
    }
    if (credential.kind === 'apiKey') return { 'x-api-key': requireHeaderSafe(credential.key, 'API key') };
  }
  throw new DeviceError(
    'INVALID_INPUT',
    'The credential must be a token or an API key.',
    {},
    {
      text: message('errors.input.credentialKind'),
    },
  );
}

/** The secret a credential carries, so messages built from device text can be scrubbed of it. */
export function credentialSecret(credential: DeviceCredential | undefined): string[] {
  if (credential?.kind === 'token' && typeof credential.token === 'string') return [credential.token];
  if (credential?.kind === 'apiKey' && typeof credential.key === 'string') return [credential.key];
  return [];
}

export interface ApiKeyBody {
  /** On known firmware the client chooses the key (32 characters); see field-notes.md. */
  key: string;
  /** Who created the key and when; devices accept up to 50 characters. */
  description: string;
}

/** An API key travels in a header later, so it must be header-safe from the start. */
export const requireApiKey = (key: unknown): string => requireHeaderSafe(key, 'API key');

export function requireApiKeyBody(body: ApiKeyBody): ApiKeyBody {
  if (typeof body !== 'object' || body === null)
    throw new DeviceError(
      'INVALID_INPUT',
      'The API key body is missing.',
      {},
      {
        text: message('errors.input.apiKeyBodyMissing'),
      },
    );
  const key = requireApiKey(body.key);
  if (typeof body.description !== 'string') {
    throw new DeviceError(
      'INVALID_INPUT',
      'The API key description must be text.',
      {},
      {
        text: message('errors.input.apiKeyDescription'),
      },
    );
  }
  return { key, description: body.description };
}
