/**
 * The targets field: addresses, blocks and ranges as typed or pasted, the laptop's own networks one
 * click away, and what main makes of it — how many addresses, or which item is wrong and why — right
 * under the field, as the technician types.
 */
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
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
  const tr = useT();
  const { t } = tr;
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
        {t('discover.targets.label')}
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
        {check.status === 'empty' && t('discover.targets.hint')}
        {check.status === 'checking' && t('discover.targets.checking')}
        {check.status === 'valid' &&
          check.count !== undefined &&
          (check.needsConfirmation === true
            ? t('discover.targets.countLarge', { count: check.count })
            : t('discover.targets.count', { count: check.count }))}
        {invalid && (
          <>
            {check.error !== undefined && errorText(tr, check.error)}{' '}
            {typeof check.error?.detail?.token === 'string' && (
              <button
                type="button"
                className="link-button"
                onClick={() => selectItem(field.current, check.error?.detail?.token)}
              >
                {t('discover.targets.showMe')}
              </button>
            )}
          </>
        )}
      </p>
      {suggestions.status === 'ready' && suggestions.value.subnets.length > 0 && (
        <div className="suggestions" role="group" aria-label={t('discover.targets.networks')}>
          <span className="suggestions-label">{t('discover.targets.laptopIsOn')}</span>
          {suggestions.value.subnets.map((s) => (
            <button
              key={s.cidr}
              type="button"
              className="chip"
              title={t(s.capped ? 'discover.targets.subnetNarrowed' : 'discover.targets.subnet', {
                name: s.interfaceName,
                address: s.address,
              })}
              onClick={() => suggestionPicked(s.cidr)}
            >
              {s.cidr}{' '}
              <span className="chip-note">
                {s.interfaceName} · {t('discover.targets.addresses', { count: s.hostCount })}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
