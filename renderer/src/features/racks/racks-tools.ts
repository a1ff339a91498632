/**
 * The Racks view's placing tools: the buttons the toolbar shows after its own (Add a rack…, Slot
 * names…), in this order. The placing part (scan to place, a placements CSV, walk the hall) adds its
 * components here; each renders its own button and dialog, and may take a click on the map's slots while
 * it waits for one (layout-slice.ts `slotPickerSet`).
 */
import type { ComponentType } from 'react';
import { PlacingButtons } from '../placing/placing-buttons';

/** Scan to place…, Walk the hall…, Site map CSV… (features/placing). */
export const RACKS_TOOLS: readonly ComponentType[] = [PlacingButtons];
