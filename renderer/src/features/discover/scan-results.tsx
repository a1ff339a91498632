/**
 * Hosts as they answer: devices first-class (ticked for the fleet as they arrive), other web servers
 * listed greyed so the technician knows what else answered. "Add to the fleet" sends the ticked ones.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { sameMacWords } from '../../../../shared/domain/same-mac';
import { NONE, count } from '../../lib/format';
import { resultKey } from '../../stores/discover-slice';
import { useRootStore } from '../../stores/root-store';

const SEEN_WORDS = { new: 'New', known: 'In fleet', moved: 'Moved' } as const;

export function ScanResults(): ReactNode {
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
          {count(devices, 'device')} found
          {results.length > devices ? `, and ${count(results.length - devices, 'other web server')}` : ''}
        </h3>
        <div className="results-actions">
          <button
            type="button"
            className="button button-primary button-large"
            disabled={pickedCount === 0 || addToFleet.status === 'adding'}
            onClick={() => void selectionAddedToFleet()}
          >
            Add {count(pickedCount, 'device')} to the fleet
          </button>
          {addToFleet.status === 'done' && (
            <button type="button" className="button" onClick={() => viewChosen('fleet')}>
              Go to the fleet →
            </button>
          )}
        </div>
      </div>
      {addToFleet.message !== undefined && (
        <p className={addToFleet.status === 'error' ? 'field-error' : 'notice-ok'} role="status">
          {addToFleet.message}
        </p>
      )}
      <div className="table-scroll results-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col" className="col-check">
                <input
                  type="checkbox"
                  aria-label="Tick every device found"
                  checked={pickedCount > 0 && pickedCount === devices}
                  onChange={(e) => allResultsPicked(e.target.checked)}
                />
              </th>
              <th scope="col">Address</th>
              <th scope="col">What</th>
              <th scope="col">Model</th>
              <th scope="col">Firmware</th>
              <th scope="col">Host name</th>
              <th scope="col">MAC</th>
              <th scope="col">Seen</th>
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
                      aria-label={`Add ${key} to the fleet`}
                      disabled={!isDevice}
                      checked={picked[key] === true}
                      onChange={(e) => resultPicked(key, e.target.checked)}
                    />
                  </td>
                  <td className="mono">{key}</td>
                  <td>{isDevice ? 'Mining device' : 'Other web server'}</td>
                  <td>{host.identity?.model ?? NONE}</td>
                  <td>{host.identity?.firmware ?? NONE}</td>
                  <td>{host.identity?.hostname ?? NONE}</td>
                  <td className="mono">{host.identity?.mac ?? NONE}</td>
                  <td>
                    {SEEN_WORDS[host.seen]}
                    {host.previousAddress !== undefined ? ` (was ${host.previousAddress})` : ''}
                    {host.sameMacAs !== undefined ? (
                      <span className="tone-bad" data-conflict="same-mac">
                        {` · ${sameMacWords(host.sameMacAs)}`}
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
