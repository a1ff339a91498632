import type { StateCreator } from 'zustand';
import type { RootState } from './root-store';

/** A slice of the one root store: it may read and write the whole state, and declares its own part. */
export type SliceCreator<Slice> = StateCreator<RootState, [], [], Slice>;
