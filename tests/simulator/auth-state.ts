/**
 * A device's authentication state: password, sessions (tokens), wrong-password lockout and API keys.
 * Pure bookkeeping with an injectable clock and no timers, so thousands of idle devices cost nothing.
 */
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Clients that unlock again and again must not grow a device's memory without bound. */
const MAX_SESSIONS = 1000;

/** 32 alphanumeric characters: the shape of real tokens and of keys a device generates. */
export function randomAlphanumeric(length = 32): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return out;
}

export type UnlockOutcome =
  { kind: 'ok'; token: string } | { kind: 'wrong' } | { kind: 'locked'; secondsLeft: number };

/** `none`: no credential header at all; `invalid`: a credential was sent and is wrong or expired. */
export type CredentialCheck = 'none' | 'valid' | 'invalid';

export interface AuthSettings {
  password: string;
  tokenLifetimeMs?: number;
  lockoutThreshold: number;
  lockoutSeconds: number;
  /** Makes each new session token; default 32 alphanumerics. */
  makeToken?: () => string;
}

export interface ApiKeyEntry {
  key: string;
  description: string;
}

export type ApiKeyUpsert = 'inserted' | 'updated' | 'nochanges';

export class AuthState {
  private password: string;
  /** token → expiry time (ms); Infinity when tokens never expire. Map order = age, for pruning. */
  private readonly tokens = new Map<string, number>();
  private wrongInARow = 0;
  private lockedUntil = 0;
  readonly apiKeys: ApiKeyEntry[] = [];

  constructor(
    private readonly settings: AuthSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.password = settings.password;
  }

  unlock(pw: string): UnlockOutcome {
    const now = this.now();
    if (this.lockedUntil > now)
      return { kind: 'locked', secondsLeft: Math.ceil((this.lockedUntil - now) / 1000) };
    if (this.lockedUntil !== 0) {
      // The lockout has run out: the count starts again.
      this.lockedUntil = 0;
      this.wrongInARow = 0;
    }
    if (pw !== this.password) {
      this.wrongInARow++;
      const threshold = this.settings.lockoutThreshold;
      if (threshold > 0 && this.wrongInARow >= threshold) {
        this.lockedUntil = now + this.settings.lockoutSeconds * 1000;
      }
      return { kind: 'wrong' };
    }
    this.wrongInARow = 0;
    return { kind: 'ok', token: this.newToken(now) };
  }

  /** Seconds until unlock is allowed again; 0 when not locked out. */
  lockoutSecondsLeft(): number {
    const left = this.lockedUntil - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /**
   * Checks the credential headers. `allowBareToken`: real firmware also takes a token without 'Bearer '
   * in Authorization; the spec profile does not. With both headers, either valid one is enough (the
   * spec profile refuses such requests before they get here).
   */
  check(
    authorization: string | undefined,
    apiKey: string | undefined,
    allowBareToken: boolean,
  ): CredentialCheck {
    if (authorization === undefined && apiKey === undefined) return 'none';
    const token = this.tokenFrom(authorization, allowBareToken);
    if (token !== undefined && this.isLiveToken(token)) return 'valid';
    if (apiKey !== undefined && this.apiKeys.some((k) => k.key === apiKey)) return 'valid';
    return 'invalid';
  }

  /** POST /lock: ends the session of the token sent, if any. */
  revoke(authorization: string | undefined, allowBareToken: boolean): void {
    const token = this.tokenFrom(authorization, allowBareToken);
    if (token !== undefined) this.tokens.delete(token);
  }

  setPassword(pw: string): void {
    this.password = pw;
    this.tokens.clear();
  }

  expireTokens(): void {
    this.tokens.clear();
  }

  /** The password now: POST /settings checks `current` against it, tests inspect it. */
  get currentPassword(): string {
    return this.password;
  }

  get sessionCount(): number {
    return this.tokens.size;
  }

  upsertApiKey(key: string, description: string): ApiKeyUpsert {
    const existing = this.apiKeys.find((k) => k.key === key);
    if (!existing) {
      this.apiKeys.push({ key, description });
      return 'inserted';
    }
    if (existing.description === description) return 'nochanges';
    existing.description = description;
    return 'updated';
  }

  hasApiKey(key: string): boolean {
    return this.apiKeys.some((k) => k.key === key);
  }

  deleteApiKey(key: string): void {
    const i = this.apiKeys.findIndex((k) => k.key === key);
    if (i >= 0) this.apiKeys.splice(i, 1);
  }

  private tokenFrom(authorization: string | undefined, allowBareToken: boolean): string | undefined {
    if (authorization === undefined) return undefined;
    // Everything after the scheme: a token may hold spaces (a legal header value; see `makeToken`).
    const m = /^Bearer\s+(.*\S)\s*$/i.exec(authorization);
    if (m) return m[1];
    const bare = authorization.trim();
    return allowBareToken && bare !== '' && !bare.includes(' ') ? bare : undefined;
  }

  private isLiveToken(token: string): boolean {
    const expiresAt = this.tokens.get(token);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.tokens.delete(token);
    return false;
  }

  private newToken(now: number): string {
    const lifetime = this.settings.tokenLifetimeMs;
    const token = this.settings.makeToken?.() ?? randomAlphanumeric(32);
    this.tokens.set(token, lifetime === undefined ? Number.POSITIVE_INFINITY : now + lifetime);
    if (this.tokens.size > MAX_SESSIONS) {
      const oldest = this.tokens.keys().next();
      if (!oldest.done) this.tokens.delete(oldest.value);
    }
    return token;
  }
}
