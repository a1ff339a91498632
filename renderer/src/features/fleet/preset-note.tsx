/**
 * The preset a device runs, under its power in the fleet row: "preset 3070", or "2800→3070" while a
 * preset set here waits for the mining restart, and "tuning" beside an untuned one. Each note reads its
 * own device's entry only, so new presets redraw just their rows. Nothing when the preset is not known.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

/** How often the fleet asks main for presets; main reads a device only when its entry is due. */
export const PRESET_REFRESH_MS = 60_000;
/** While a preset set here waits for its restart: main reads those devices every 15 s (preset-watch.ts). */
export const PENDING_REFRESH_MS = 15_000;

/**
 * Asks for the rows' presets when the fleet's size changes, then every minute while the fleet shows —
 * every 15 s while a preset set here is not running yet, so the row follows the restart.
 */
export function usePresetRefresh(size: number): void {
  const presetsRequested = useRootStore((s) => s.presetsRequested);
  const pending = useRootStore((s) => Object.values(s.presets).some((p) => p.configured !== undefined));
  useEffect(() => {
    if (size === 0) return undefined;
    void presetsRequested();
    const timer = setInterval(
      () => void presetsRequested(),
      pending ? PENDING_REFRESH_MS : PRESET_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [size, pending, presetsRequested]);
}

export function PresetNote({ deviceId }: { deviceId: string }): ReactNode {
  const preset = useRootStore((s) => s.presets[deviceId]);
  const { t } = useT();
  if (preset === undefined || (preset.inUse === undefined && preset.configured === undefined)) return null;
  if (preset.configured !== undefined) {
    return (
      <span
        className="cell-sub preset-note"
        data-preset={preset.configured}
        title={t('fleet-actions.presetNote.pending', { name: preset.configured })}
      >
        {/* No spaces around the arrow: it fits the power column at a laptop's width. */}
        {preset.inUse ?? '–'}→{preset.configured}
      </span>
    );
  }
  return (
    <span
      className="cell-sub preset-note"
      data-preset={preset.inUse}
      title={
        preset.untuned === true
          ? t('fleet-actions.presetNote.untuned', { name: preset.inUse ?? '' })
          : t('fleet-actions.presetNote.inUse', { name: preset.inUse ?? '' })
      }
    >
      {t('fleet-actions.presetNote.preset', { name: preset.inUse ?? '' })}
    </span>
  );
}
