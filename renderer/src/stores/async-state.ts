/** The four states of anything the renderer loads from main; one shape so every view handles all four. */
import type { AppError } from '../../../shared/result';

export type AsyncState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: AppError };

export const idle = { status: 'idle' } as const;
export const loading = { status: 'loading' } as const;
