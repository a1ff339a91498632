/**
 * A site map or placement CSV from a file the technician picks: the page reads the file and main previews
 * it (`layout:import-preview`: racks added and resized, each placement's outcome in words, problems by
 * line). Nothing is applied while any problem remains; moves are applied only when "accept moves" is
 * ticked. Applying is `layout:import`, which writes each placed device's location note.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { LayoutImportPreview } from '../../../../shared/domain/layout';
import { ModalDialog } from '../../components/modal-dialog';
import { csvSummary, csvSummaryWords, outcomeGroup } from './csv-words';
import type { PlacingApi } from './placing-api';
import { defaultPlacingApi } from './placing-api';
import './placing.css';

/** The same bound as main's (channels/layout.ts): refused before reading. */
const MAX_CSV_BYTES = 8 * 1024 * 1024;

export interface CsvDialogProps {
  onClose: () => void;
  api?: PlacingApi;
}

function PreviewLists({ preview }: { preview: LayoutImportPreview }): ReactNode {
  return (
    <>
      {preview.problems.length > 0 && (
        <section className="csv-section" aria-label="Problems">
          <h3>Problems (by line)</h3>
          <ul>
            {preview.problems.map((p) => (
              <li key={`${p.line}-${p.message}`} className="csv-outcome-refused">
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.racksAdded.length + preview.racksChanged.length > 0 && (
        <section className="csv-section" aria-label="Racks">
          <h3>Racks</h3>
          <ul>
            {preview.racksAdded.map((r) => (
              <li key={r.id}>
                Added: {r.area} · {r.name} ({r.shelves} × {r.positions})
              </li>
            ))}
            {preview.racksChanged.map(({ before, after }) => (
              <li key={before.id}>
                Resized: {after.area} · {after.name} ({before.shelves} × {before.positions} → {after.shelves}{' '}
                × {after.positions})
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.placements.length > 0 && (
        <section className="csv-section" aria-label="Placements">
          <h3>Placements</h3>
          <ul>
            {preview.placements.map((p) => (
              <li key={p.index} className={`csv-outcome-${outcomeGroup(p.outcome)}`}>
                {p.line !== undefined ? `Line ${p.line}: ` : ''}
                {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function CsvDialog({ onClose, api = defaultPlacingApi() }: CsvDialogProps): ReactNode {
  const [csv, setCsv] = useState<string>();
  const [preview, setPreview] = useState<LayoutImportPreview>();
  const [acceptMoves, setAcceptMoves] = useState(false);
  const [words, setWords] = useState('');
  const [busy, setBusy] = useState(false);

  const chosen = async (file: File | undefined): Promise<void> => {
    setPreview(undefined);
    setCsv(undefined);
    if (file === undefined) return;
    if (file.size > MAX_CSV_BYTES) return setWords(`${file.name} is over 8 MB: not a site map.`);
    setBusy(true);
    const text = await file.text().catch(() => undefined);
    if (text === undefined) {
      setBusy(false);
      return setWords(`${file.name} could not be read.`);
    }
    const result = await api['layout:import-preview']({ csv: text });
    setBusy(false);
    if (!result.ok) return setWords(result.error.message);
    setCsv(text);
    setPreview(result.value);
    setWords(`${file.name}: ${result.value.formatName}. ${csvSummaryWords(csvSummary(result.value))}`);
  };

  const apply = async (): Promise<void> => {
    if (csv === undefined) return;
    setBusy(true);
    const result = await api['layout:import']({ csv, acceptMoves });
    setBusy(false);
    setWords(result.ok ? `Applied: ${result.value.placed.summary}` : result.error.message);
    if (result.ok) setPreview(undefined);
  };

  const summary = preview === undefined ? undefined : csvSummary(preview);
  return (
    <ModalDialog title="Site map CSV" onClose={onClose} className="modal-wide">
      <label className="field">
        <span className="field-label">A site map (racks) or placement (device → slot) CSV</span>
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(e) => void chosen(e.target.files?.[0])}
        />
      </label>
      <p role="status" className="field-hint">
        {busy ? 'Reading…' : words}
      </p>
      {preview !== undefined && <PreviewLists preview={preview} />}
      {summary !== undefined && summary.ask > 0 && (
        <label>
          <input type="checkbox" checked={acceptMoves} onChange={(e) => setAcceptMoves(e.target.checked)} />{' '}
          Accept moves: {summary.ask} device{summary.ask === 1 ? '' : 's'} leave another slot or displace the
          one there
        </label>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || summary === undefined || !summary.canApply}
          onClick={() => void apply()}
        >
          Apply
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
