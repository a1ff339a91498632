/**
 * The bulk bar's site-setup actions: "Set pools…" (a dialog with a preview), the locate LED
 * on for a chosen time or off (harmless and idempotent: at once), and "Restart mining…" / "Reboot…",
 * which open a confirmation naming how many devices get it.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRootStore } from '../../stores/root-store';

/** Minutes the LED blinks before it turns itself off; 10 is the default the issue asks for. */
export const LED_MINUTE_CHOICES = [5, 10, 30, 60] as const;
const DEFAULT_MINUTES = 10;

export interface SiteSetupButtonsProps {
  disabled: boolean;
  onSetPools: () => void;
  /** A restart or reboot confirmation was opened (its plan is on its way). */
  onPower: () => void;
}

export function SiteSetupButtons({ disabled, onSetPools, onPower }: SiteSetupButtonsProps): ReactNode {
  const { ledRequested, actionPlanRequested } = useRootStore(
    useShallow((s) => ({ ledRequested: s.ledRequested, actionPlanRequested: s.actionPlanRequested })),
  );
  const [minutes, setMinutes] = useState<number>(DEFAULT_MINUTES);

  return (
    <>
      <button type="button" className="button" disabled={disabled} onClick={onSetPools}>
        Set pools…
      </button>
      <span className="bulk-group" role="group" aria-label="Locate LED">
        <button
          type="button"
          className="button"
          disabled={disabled}
          title="Blinks the locate LED so the unit can be found in the racks; it turns itself off"
          onClick={() => void ledRequested(true, minutes)}
        >
          Blink LED
        </button>
        <select
          aria-label="Blink for"
          disabled={disabled}
          value={minutes}
          onChange={(e) => setMinutes(Number(e.target.value))}
        >
          {LED_MINUTE_CHOICES.map((m) => (
            <option key={m} value={m}>
              for {m} min
            </option>
          ))}
        </select>
        <button type="button" className="button" disabled={disabled} onClick={() => void ledRequested(false)}>
          LED off
        </button>
      </span>
      <button
        type="button"
        className="button"
        disabled={disabled}
        onClick={() => {
          void actionPlanRequested('restart-mining');
          onPower();
        }}
      >
        Restart mining…
      </button>
      <button
        type="button"
        className="button button-danger"
        disabled={disabled}
        onClick={() => {
          void actionPlanRequested('reboot');
          onPower();
        }}
      >
        Reboot…
      </button>
    </>
  );
}
