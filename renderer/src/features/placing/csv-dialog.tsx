/**
 * A site map or placement CSV from a file the technician picks: the page reads the file and main previews
 * it (`layout:import-preview`: racks added and resized, each placement's outcome in words, problems by
 * line). Nothing is applied while any problem remains; moves are applied only when "accept moves" is
 * ticked. Applying is `layout:import`, which writes each placed device's location note.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { LayoutImportPreview } from '../../../../shared/domain/layout';
import { localText } from '../../../../shared/i18n/local-text';
import { message } from '../../../../shared/i18n/message';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { csvSummary, csvSummaryWords, outcomeGroup } from './csv-words';
import type { PlacingApi } from './placing-api';
import { defaultPlacingApi } from './placing-api';
import type { ShownWords } from './shown-words';
import { madeSummary, madeWords, shownText } from './shown-words';
import './placing.css';

/** The same bound as main's (channels/layout.ts): refused before reading. */
const MAX_CSV_BYTES = 8 * 1024 * 1024;

export interface CsvDialogProps {
  onClose: () => void;
  api?: PlacingApi;
}

/** A file's line as an editor numbers it: "Line 1234", never grouped like a count. */
const lineNumber = (line: number): string => String(line);

function PreviewLists({ preview }: { preview: LayoutImportPreview }): ReactNode {
  const tr = useT();
  const { t } = tr;
  return (
    <>
      {preview.problems.length > 0 && (
        <section className="csv-section" aria-label={t('placing.csv.problems')}>
          <h3>{t('placing.csv.problemsTitle')}</h3>
          <ul>
            {preview.problems.map((p) => (
              <li key={`${p.line}-${p.message}`} className="csv-outcome-refused">
                {t('placing.csv.line', { line: lineNumber(p.line), words: madeWords(p) })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.racksAdded.length + preview.racksChanged.length > 0 && (
        <section className="csv-section" aria-label={t('placing.csv.racks')}>
          <h3>{t('placing.csv.racks')}</h3>
          <ul>
            {preview.racksAdded.map((r) => (
              <li key={r.id}>
                {t('placing.csv.added', {
                  area: r.area,
                  rack: r.name,
                  shelves: r.shelves,
                  positions: r.positions,
                })}
              </li>
            ))}
            {preview.racksChanged.map(({ before, after }) => (
              <li key={before.id}>
                {t('placing.csv.resized', {
                  area: after.area,
                  rack: after.name,
                  shelves: before.shelves,
                  positions: before.positions,
                  newShelves: after.shelves,
                  newPositions: after.positions,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.placements.length > 0 && (
        <section className="csv-section" aria-label={t('placing.csv.placements')}>
          <h3>{t('placing.csv.placements')}</h3>
          <ul>
            {preview.placements.map((p) => (
              <li key={p.index} className={`csv-outcome-${outcomeGroup(p.outcome)}`}>
                {p.line !== undefined
                  ? t('placing.csv.line', { line: lineNumber(p.line), words: madeWords(p) })
                  : localText(tr, p)}
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
  const tr = useT();
  const { t } = tr;
  const [words, setWords] = useState<ShownWords>();
  const [busy, setBusy] = useState(false);

  const chosen = async (file: File | undefined): Promise<void> => {
    setPreview(undefined);
    setCsv(undefined);
    if (file === undefined) return;
    if (file.size > MAX_CSV_BYTES) return setWords(message('placing.csv.tooBig', { file: file.name }));
    setBusy(true);
    const text = await file.text().catch(() => undefined);
    if (text === undefined) {
      setBusy(false);
      return setWords(message('placing.csv.unreadable', { file: file.name }));
    }
    const result = await api['layout:import-preview']({ csv: text });
    setBusy(false);
    if (!result.ok) return setWords(result.error);
    setCsv(text);
    setPreview(result.value);
    setWords(
      message('placing.csv.previewed', {
        file: file.name,
        format: result.value.formatName,
        summary: csvSummaryWords(csvSummary(result.value)),
      }),
    );
  };

  const apply = async (): Promise<void> => {
    if (csv === undefined) return;
    setBusy(true);
    const result = await api['layout:import']({ csv, acceptMoves });
    setBusy(false);
    setWords(
      result.ok
        ? message('placing.csv.applied', { summary: madeSummary(result.value.placed) })
        : result.error,
    );
    if (result.ok) setPreview(undefined);
  };

  const summary = preview === undefined ? undefined : csvSummary(preview);
  return (
    <ModalDialog title={t('placing.csv.title')} onClose={onClose} className="modal-wide">
      <label className="field">
        <span className="field-label">{t('placing.csv.file')}</span>
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(e) => void chosen(e.target.files?.[0])}
        />
      </label>
      <p role="status" className="field-hint">
        {busy ? t('placing.csv.reading') : words === undefined ? '' : shownText(tr, words)}
      </p>
      {preview !== undefined && <PreviewLists preview={preview} />}
      {summary !== undefined && summary.ask > 0 && (
        <label>
          <input type="checkbox" checked={acceptMoves} onChange={(e) => setAcceptMoves(e.target.checked)} />{' '}
          {t('placing.csv.acceptMoves', { count: summary.ask })}
        </label>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || summary === undefined || !summary.canApply}
          onClick={() => void apply()}
        >
          {t('placing.csv.apply')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('common.action.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
