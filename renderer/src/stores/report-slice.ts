/**
 * The hand-over report view: a preview built by main from the same report object the files are made
 * of (`report:generate`, the live states from the running monitor), and saving it as CSV, JSON, HTML or
 * PDF through main's save dialog (`report:save`). The page never holds a path or writes a file. The
 * document's language is the customer's (issue 35): chosen here per report, else the Settings' report
 * language; the outcome of a save is kept as a message, shown in the window's language.
 */
import type { HandOverReport } from '../../../shared/domain/report';
import type { SaveReportFormat } from '../../../shared/ipc/channels/files';
import type { Api } from '../../../shared/ipc/contract';
import type { Locale } from '../../../shared/i18n/locales';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { AppError } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { loading } from './async-state';
import type { SliceCreator } from './types';

export interface ReportSave {
  status: 'idle' | 'saving' | 'saved' | 'cancelled' | 'error';
  format?: SaveReportFormat;
  /** Saved where, or not saved: words as a message. */
  message?: MessageRef;
  /** Why it was not saved, shown with errorText. */
  error?: AppError;
}

export interface ReportSlice {
  report: AsyncState<HandOverReport>;
  reportSave: ReportSave;
  /** Who hands over, as typed in the Report view (page 1 and the signature block); empty: the laptop's user. */
  reportTechnician: string;
  reportTechnicianChanged: (name: string) => void;
  /** The document's language as chosen in the Report view; null: the Settings' report language. */
  reportLanguage: Locale | null;
  reportLanguageChanged: (language: Locale) => void;
  reportRequested: () => Promise<void>;
  /** `language`: the document's (the view resolves the default); English when not given. */
  reportSaveRequested: (format: SaveReportFormat, language?: Locale) => Promise<void>;
}

export interface ReportSliceDeps {
  api: Pick<Api, 'report:generate' | 'report:save'>;
}

/** The typed name, when there is one (else main uses the laptop's user). */
const technicianOf = (typed: string): { technician?: string } =>
  typed.trim() === '' ? {} : { technician: typed.trim() };

export const createReportSlice =
  (deps: ReportSliceDeps): SliceCreator<ReportSlice> =>
  (set, get) => ({
    report: { status: 'idle' },
    reportSave: { status: 'idle' },
    reportTechnician: '',
    reportTechnicianChanged: (name) => set({ reportTechnician: name.slice(0, 100) }),
    reportLanguage: null,
    reportLanguageChanged: (language) => set({ reportLanguage: language }),

    reportRequested: async () => {
      if (get().report.status === 'loading') return;
      set({ report: loading });
      const result = await deps.api['report:generate']({
        format: 'json',
        ...technicianOf(get().reportTechnician),
      });
      set({
        report: result.ok
          ? { status: 'ready', value: result.value.report }
          : { status: 'error', error: result.error },
      });
    },

    reportSaveRequested: async (format, language) => {
      if (get().reportSave.status === 'saving') return;
      set({ reportSave: { status: 'saving', format } });
      const result = await deps.api['report:save']({
        format,
        ...technicianOf(get().reportTechnician),
        ...(language !== undefined ? { language } : {}),
      });
      if (!result.ok) {
        set({ reportSave: { status: 'error', format, error: result.error } });
      } else if (result.value.saved) {
        const saved = message('report-view.saved', { path: result.value.path });
        set({ reportSave: { status: 'saved', format, message: saved } });
      } else {
        set({ reportSave: { status: 'cancelled', format, message: message('report-view.notSaved') } });
      }
    },
  });
