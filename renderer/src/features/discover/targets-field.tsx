/**
 * The targets field: addresses, blocks and ranges as typed or pasted, the laptop's own networks one
 * click away, and what main makes of it — how many addresses, or which item is wrong and why — right
 * under the field, as the technician types.
 */
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { count } from '../../lib/format';
import { useRootStore } from '../../stores/root-store';

/** Selects the bad item in the field so it can be fixed in place. */
function selectItem(field: HTMLTextAreaElement | null, token: unknown): void {
  if (field === null || typeof token !== 'string') return;
  const at = field.value.indexOf(token);
  if (at < 0) return;
  field.focus();
  field.setSelectionRange(at, at + token.length);
}

export function TargetsField(): ReactNode {
  const field = useRef<HTMLTextAreaElement>(null);
  const { text, check, suggestions, targetsTyped, suggestionPicked, scanRequested } = useRootStore(
    useShallow((s) => ({
      text: s.targetsText,
      check: s.targetCheck,
      suggestions: s.suggestions,
      targetsTyped: s.targetsTyped,
      suggestionPicked: s.suggestionPicked,
      scanRequested: s.scanRequested,
    })),
  );
  const invalid = check.status === 'invalid';

  return (
    <div className="field targets-field">
      <label htmlFor="scan-targets" className="field-label">
        Addresses to scan
      </label>
      <textarea
        id="scan-targets"
        ref={field}
        className="targets-input"
        rows={2}
        spellCheck={false}
        autoComplete="off"
        placeholder="192.168.1.0/24, 10.0.0.10-200, miner-07.local"
        value={text}
        aria-invalid={invalid}
        aria-describedby="scan-targets-status"
        onChange={(e) => targetsTyped(e.target.value)}
        onKeyDown={(e) => {
          // Enter scans; Shift+Enter starts a new line for a pasted list.
          if (
            e.key === 'Enter' &&
            !e.shiftKey &&
            check.status === 'valid' &&
            check.needsConfirmation !== true
          ) {
            e.preventDefault();
            void scanRequested();
          }
        }}
      />
      <p id="scan-targets-status" className={invalid ? 'field-error' : 'field-hint'} aria-live="polite">
        {check.status === 'empty' &&
          'IPv4 addresses, blocks (10.0.0.0/24) or ranges (10.0.0.10-200), with an optional :port.'}
        {check.status === 'checking' && 'Checking…'}
        {check.status === 'valid' && check.count !== undefined && (
          <>
            {count(check.count, 'address', 'addresses')} to scan
            {check.needsConfirmation === true ? ' — that is a lot: you will be asked to confirm.' : '.'}
          </>
        )}
        {invalid && (
          <>
            {check.error?.message}{' '}
            {typeof check.error?.detail?.token === 'string' && (
              <button
                type="button"
                className="link-button"
                onClick={() => selectItem(field.current, check.error?.detail?.token)}
              >
                Show me
              </button>
            )}
          </>
        )}
      </p>
      {suggestions.status === 'ready' && suggestions.value.subnets.length > 0 && (
        <div className="suggestions" role="group" aria-label="This laptop's networks">
          <span className="suggestions-label">This laptop is on:</span>
          {suggestions.value.subnets.map((s) => (
            <button
              key={s.cidr}
              type="button"
              className="chip"
              title={`${s.interfaceName}, this laptop is ${s.address}${s.capped ? ' (narrowed to a /16)' : ''}`}
              onClick={() => suggestionPicked(s.cidr)}
            >
              {s.cidr}{' '}
              <span className="chip-note">
                {s.interfaceName} · {count(s.hostCount, 'address', 'addresses')}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
