/**
 * The hand-over report view: a preview built by main from the same report object the files are made
 * of (`report:generate`, the live states from the running monitor), and saving it as CSV, JSON, HTML or
 * PDF through main's save dialog (`report:save`). The page never holds a path or writes a file.
 */
import type { HandOverReport } from '../../../shared/domain/report';
import type { SaveReportFormat } from '../../../shared/ipc/channels/files';
import type { Api } from '../../../shared/ipc/contract';
import type { AsyncState } from './async-state';
import { loading } from './async-state';
import type { SliceCreator } from './types';

export interface ReportSave {
  status: 'idle' | 'saving' | 'saved' | 'cancelled' | 'error';
  format?: SaveReportFormat;
  message?: string;
}

export interface ReportSlice {
  report: AsyncState<HandOverReport>;
  reportSave: ReportSave;
  /** Who hands over, as typed in the Report view (page 1 and the signature block); empty: the laptop's user. */
  reportTechnician: string;
  reportTechnicianChanged: (name: string) => void;
  reportRequested: () => Promise<void>;
  reportSaveRequested: (format: SaveReportFormat) => Promise<void>;
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

    reportSaveRequested: async (format) => {
      if (get().reportSave.status === 'saving') return;
      set({ reportSave: { status: 'saving', format } });
      const result = await deps.api['report:save']({ format, ...technicianOf(get().reportTechnician) });
      if (!result.ok) {
        set({ reportSave: { status: 'error', format, message: result.error.message } });
      } else if (result.value.saved) {
        set({ reportSave: { status: 'saved', format, message: `Saved to ${result.value.path}.` } });
      } else {
        set({ reportSave: { status: 'cancelled', format, message: 'Not saved.' } });
      }
    },
  });
