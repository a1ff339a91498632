/**
 * Hosts as they answer: devices first-class (ticked for the fleet as they arrive), other web servers
 * listed greyed so the technician knows what else answered. "Add to the fleet" sends the ticked ones.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { shortAddress } from '../../../../shared/domain/same-mac';
import { NO_VALUE as NONE } from '../../../../shared/i18n/formats';
import { errorText } from '../../../../shared/i18n/local-text';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import { resultKey } from '../../stores/discover-slice';
import { useRootStore } from '../../stores/root-store';

const SEEN_WORDS = {
  new: 'discover.results.seenNew',
  known: 'discover.results.seenKnown',
  moved: 'discover.results.seenMoved',
} as const;

/** The addresses shown by name before "and N more" (shared/domain/same-mac.ts's sameMacWords, translated). */
const SAME_MAC_LISTED = 3;

/** "same MAC as 10.0.0.12 and 10.0.0.14", "… 10.0.0.12, 10.0.0.13, 10.0.0.14 and 9 more". */
function sameMacText(tr: Translator, others: readonly string[]): string {
  const shown = others.slice(0, SAME_MAC_LISTED).map(shortAddress);
  const more = others.length - shown.length;
  if (more > 0) return tr.t('discover.results.sameMacMore', { addresses: shown.join(', '), more });
  const list = new Intl.ListFormat(tr.intl.locale, { type: 'conjunction' }).format(shown);
  return tr.t('discover.results.sameMac', { addresses: list });
}

export function ScanResults(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { results, picked, addToFleet, resultPicked, allResultsPicked, selectionAddedToFleet, viewChosen } =
    useRootStore(
      useShallow((s) => ({
        results: s.results,
        picked: s.pickedResults,
        addToFleet: s.addToFleet,
        resultPicked: s.resultPicked,
        allResultsPicked: s.allResultsPicked,
        selectionAddedToFleet: s.selectionAddedToFleet,
        viewChosen: s.viewChosen,
      })),
    );
  if (results.length === 0) return null;
  const devices = results.filter((h) => h.kind === 'device').length;
  const pickedCount = results.filter((h) => picked[resultKey(h)] === true).length;

  return (
    <div className="scan-results">
      <div className="results-header">
        <h3>
          {results.length > devices
            ? t('discover.results.foundWithOthers', { count: devices, others: results.length - devices })
            : t('discover.results.found', { count: devices })}
        </h3>
        <div className="results-actions">
          <button
            type="button"
            className="button button-primary button-large"
            disabled={pickedCount === 0 || addToFleet.status === 'adding'}
            onClick={() => void selectionAddedToFleet()}
          >
            {t('discover.results.add', { count: pickedCount })}
          </button>
          {addToFleet.status === 'done' && (
            <button type="button" className="button" onClick={() => viewChosen('fleet')}>
              {t('discover.results.goToFleet')}
            </button>
          )}
        </div>
      </div>
      {(addToFleet.words !== undefined || addToFleet.error !== undefined) && (
        <p className={addToFleet.status === 'error' ? 'field-error' : 'notice-ok'} role="status">
          {addToFleet.error !== undefined
            ? errorText(tr, addToFleet.error)
            : addToFleet.words !== undefined && t(addToFleet.words)}
        </p>
      )}
      <div className="table-scroll results-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col" className="col-check">
                <input
                  type="checkbox"
                  aria-label={t('discover.results.tickAll')}
                  checked={pickedCount > 0 && pickedCount === devices}
                  onChange={(e) => allResultsPicked(e.target.checked)}
                />
              </th>
              <th scope="col">{t('discover.results.address')}</th>
              <th scope="col">{t('discover.results.what')}</th>
              <th scope="col">{t('discover.results.model')}</th>
              <th scope="col">{t('discover.results.firmware')}</th>
              <th scope="col">{t('discover.results.hostName')}</th>
              <th scope="col">{t('discover.results.mac')}</th>
              <th scope="col">{t('discover.results.seen')}</th>
            </tr>
          </thead>
          <tbody>
            {results.map((host) => {
              const key = resultKey(host);
              const isDevice = host.kind === 'device';
              return (
                <tr key={key} className={isDevice ? undefined : 'row-muted'}>
                  <td className="col-check">
                    <input
                      type="checkbox"
                      aria-label={t('discover.results.addOne', { address: key })}
                      disabled={!isDevice}
                      checked={picked[key] === true}
                      onChange={(e) => resultPicked(key, e.target.checked)}
                    />
                  </td>
                  <td className="mono">{key}</td>
                  <td>{isDevice ? t('discover.results.miningDevice') : t('discover.results.otherServer')}</td>
                  <td>{host.identity?.model ?? NONE}</td>
                  <td>{host.identity?.firmware ?? NONE}</td>
                  <td>{host.identity?.hostname ?? NONE}</td>
                  <td className="mono">{host.identity?.mac ?? NONE}</td>
                  <td>
                    {host.previousAddress !== undefined
                      ? t('discover.results.seenWas', {
                          seen: t(SEEN_WORDS[host.seen]),
                          address: host.previousAddress,
                        })
                      : t(SEEN_WORDS[host.seen])}
                    {host.sameMacAs !== undefined ? (
                      <span className="tone-bad" data-conflict="same-mac">
                        {` · ${sameMacText(tr, host.sameMacAs)}`}
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
