/**
 * Importing a file the technician picked: a CSV of planned devices joins the current site (and can be
 * scanned from Discover), another technician's site export is merged and every disagreement is listed in
 * plain words; a known device's address or certificate from the file waits for the technician's button.
 * The page reads the picked file itself and sends its text; main parses and decides.
 */
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { MergeConflict } from '../../../../shared/domain/inventory';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { conflictMessage } from './conflict-words';

/** The same bound as main's (`MAX_IMPORT_BYTES`, shared/domain/inventory.ts): refuse before reading. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

const acceptedField = (conflict: MergeConflict): 'address' | 'tlsPin' =>
  conflict.field === 'tlsPin' ? 'tlsPin' : 'address';

/**
 * The file's address or certificate for a known device waits for the technician: one button takes it
 * (main uses the value the import filed, not one the page sends), and says so once done.
 */
function PendingChoice(props: {
  conflict: MergeConflict;
  accepted: boolean;
  busy: boolean;
  onAccept: () => void;
}): ReactNode {
  const { conflict, accepted, busy, onAccept } = props;
  const { t } = useT();
  const certificate = conflict.field === 'tlsPin';
  if (accepted) {
    return (
      <span className="import-accepted">
        {' '}
        {t('sites.import.accepted', { what: certificate ? 'tlsPin' : 'address' })}
      </span>
    );
  }
  const label = certificate ? t('sites.import.trustCertificate') : t('sites.import.useAddress');
  return (
    <>
      {' '}
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-label={t('sites.import.acceptFor', { label, device: conflict.deviceId })}
        onClick={onAccept}
      >
        {label}
      </button>
    </>
  );
}

export function ImportCard(): ReactNode {
  const { busy, lastImport, currentSiteId, fileImported, siteChosen, plannedScanRequested, importAccepted } =
    useRootStore(
      useShallow((s) => ({
        busy: s.sitesBusy,
        lastImport: s.lastImport,
        currentSiteId: s.sites.status === 'ready' ? s.sites.value.currentSiteId : null,
        fileImported: s.fileImported,
        siteChosen: s.siteChosen,
        plannedScanRequested: s.plannedScanRequested,
        importAccepted: s.importAccepted,
      })),
    );
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | undefined>(undefined);

  const picked = async (file: File | undefined): Promise<void> => {
    if (file === undefined) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setRefused(file.name);
      return;
    }
    setRefused(undefined);
    await fileImported(file.name, await file.text());
    // The same file may be picked again after fixing it.
    if (input.current !== null) input.current.value = '';
  };

  const outcome = lastImport?.outcome;
  return (
    <section className="card" aria-labelledby="import-title">
      <h3 id="import-title">{t('sites.import.title')}</h3>
      <p className="field-hint">{t('sites.import.hint')}</p>
      <label className="field-label" htmlFor="import-file">
        {t('sites.import.fileLabel')}
      </label>
      <input
        ref={input}
        id="import-file"
        type="file"
        accept=".csv,.tsv,.txt,.json,text/csv,application/json"
        disabled={busy}
        onChange={(e) => void picked(e.target.files?.[0])}
      />
      {refused !== undefined && (
        <p className="field-error" role="alert">
          {t('sites.import.tooLarge', { file: refused })}
        </p>
      )}
      {lastImport !== undefined && outcome !== undefined && (
        <div className="import-outcome" aria-label={t('sites.import.outcome')}>
          <p>
            <b>{lastImport.fileName}</b>
          </p>
          {outcome.kind === 'targets-csv' && outcome.warnings.length > 0 && (
            <ul className="import-warnings">
              {outcome.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {outcome.conflicts.length > 0 && (
            <ul className="import-conflicts" aria-label={t('sites.import.disagreements')}>
              {outcome.conflicts.map((conflict) => {
                const key = `${conflict.deviceId} ${conflict.field}`;
                return (
                  <li key={key}>
                    {t(conflictMessage(conflict))}
                    {conflict.pending === true && (
                      <PendingChoice
                        conflict={conflict}
                        accepted={lastImport.accepted?.includes(key) === true}
                        busy={busy}
                        onAccept={() => void importAccepted(conflict.deviceId, acceptedField(conflict))}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <div className="import-next">
            {outcome.kind === 'targets-csv' && outcome.added + outcome.updated > 0 && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => void plannedScanRequested()}
              >
                {t('sites.import.scanPlanned')}
              </button>
            )}
            {outcome.kind === 'site-json' && outcome.site.id !== currentSiteId && (
              <button type="button" className="button" onClick={() => void siteChosen(outcome.site.id)}>
                {t('sites.import.switchTo', { name: outcome.site.name })}
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
