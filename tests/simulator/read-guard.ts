/**
 * Firmware that guards its "anonymous" reads (`guardedReads`): the GETs under `/api/v1` that the vendor
 * document lists without `security` (`/info`, `/summary`, `/status`, `/perf-summary`, `/model`, `/chains`,
 * `/chains/factory-info`) answer an empty 401 without a valid credential, as the protected endpoints do.
 * `true` guards every one of them; a list guards only those paths (`['/api/v1/chains']`).
 */
export type GuardedReads = boolean | readonly string[];

const API = '/api/v1/';

export class ReadGuard {
  private paths: ReadonlySet<string> | 'all' | undefined;

  constructor(initial: GuardedReads | undefined) {
    this.set(initial ?? false);
  }

  set(value: GuardedReads): void {
    if (Array.isArray(value)) {
      for (const path of value as readonly string[]) {
        if (!path.startsWith(API)) throw new RangeError(`guardedReads paths start with ${API}: ${path}`);
      }
    }
    this.paths = value === true ? 'all' : value === false ? undefined : new Set(value as readonly string[]);
  }

  /** Whether a GET of `pathname` (a route that would answer it without a credential) now needs one. */
  guards(method: string, pathname: string): boolean {
    if (this.paths === undefined || method !== 'GET' || !pathname.startsWith(API)) return false;
    return this.paths === 'all' || this.paths.has(pathname);
  }
}
