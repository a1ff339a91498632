/**
 * "One preset for all", chosen from the presets the devices offer (docs/user-guide.md, "Choosing a
 * preset"): a text field with a list under it (the ARIA combobox pattern). The devices are the selection,
 * or the whole site's fleet when nothing is selected (Standard… from the Sites view). Main reads and
 * gathers their presets once when the choice is first taken (`power:offers`); typing only filters what
 * came back. Each line: the name, watts, TH/s, on how many devices it is tuned, how many lack it.
 *
 * Keyboard first, for gloves and a touchpad: typing filters, ↓/↑ move through the list (↓ opens it),
 * Enter takes the highlighted preset (and only submits the form when the list is closed), Escape closes
 * the list without closing the dialog. A name no device offers can still be typed; the field then says
 * that none of them offers it.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PresetOffer } from '../../../../shared/domain/preset-offers';
import { useRootStore } from '../../stores/root-store';
import {
  devicesWords,
  noneOffersWords,
  offerCounts,
  offerFigures,
  offerNamed,
  offersMatching,
  readWords,
} from './preset-offer-words';
import './preset-chooser.css';

export interface PresetChooserProps {
  value: string;
  onChange: (name: string) => void;
  /** Another way of choosing is taken: the field is off and nothing is read. */
  disabled: boolean;
  label: string;
  placeholder: string;
}

/** The devices the chooser lists presets for: the selection, else every device of the site's fleet. */
function useChooserDevices(): { ids: string[]; selected: boolean } {
  const { selection, rows } = useRootStore(useShallow((s) => ({ selection: s.selection, rows: s.rows })));
  return useMemo(() => {
    const chosen = Object.keys(selection).filter((id) => selection[id] === true);
    return chosen.length > 0
      ? { ids: chosen, selected: true }
      : { ids: rows.map((r) => r.id), selected: false };
  }, [selection, rows]);
}

export function PresetChooser({
  value,
  onChange,
  disabled,
  label,
  placeholder,
}: PresetChooserProps): ReactNode {
  const { offers, offersRequested } = useRootStore(
    useShallow((s) => ({ offers: s.presetOffers, offersRequested: s.presetOffersRequested })),
  );
  const devices = useChooserDevices();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  // Read once, when this way of choosing is first taken: never per keystroke, never for a choice not taken.
  const asked = useRef(false);
  useEffect(() => {
    if (disabled || asked.current) return;
    asked.current = true;
    void offersRequested(devices.ids);
  }, [disabled, offersRequested, devices.ids]);

  const ready = offers.status === 'ready' ? offers.value : undefined;
  const shown = useMemo(
    () => (ready === undefined ? [] : offersMatching(ready.offers, value)),
    [ready, value],
  );
  const listed = open && !disabled && shown.length > 0;
  const activeIndex = Math.min(active, shown.length - 1);

  useEffect(() => {
    if (!listed) return;
    const option = listRef.current?.children[activeIndex] as HTMLElement | undefined;
    // jsdom has no scrollIntoView; a real browser keeps the highlighted line in view.
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [listed, activeIndex]);

  const choose = (name: string): void => {
    onChange(name);
    setOpen(false);
  };
  const move = (by: number): void => {
    if (!listed) {
      setOpen(true);
      return;
    }
    setActive((activeIndex + by + shown.length) % shown.length);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && listed) {
      e.preventDefault();
      const offer = shown[activeIndex];
      if (offer !== undefined) choose(offer.name);
    } else if (e.key === 'Escape' && listed) {
      // Closes the list, not the dialog around it.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  const named = ready === undefined ? undefined : offerNamed(ready.offers, value);
  return (
    <>
      <label className="power-value">
        <span className="field-label">{label}</span>
        <input
          type="text"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listId}
          {...(listed ? { 'aria-activedescendant': `${listId}-${activeIndex}` } : {})}
          autoComplete="off"
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => {
            onChange(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
      </label>
      {!disabled && (
        <div className="preset-chooser">
          <ul
            id={listId}
            ref={listRef}
            role="listbox"
            aria-label={`Presets of ${devicesWords(devices.ids.length, devices.selected)}`}
            hidden={!listed}
          >
            {listed &&
              shown.map((offer, i) => (
                <li
                  key={offer.name}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === activeIndex}
                  data-lacking={offer.lacking > 0 || offer.needsModdedPsu > 0 ? 'yes' : 'no'}
                  // Keeps the focus in the field: a click chooses without a blur closing the list first.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(offer.name)}
                  onMouseMove={() => i !== activeIndex && setActive(i)}
                >
                  <span className="preset-offer-name">{offer.name}</span>
                  <span className="preset-offer-figures">{offerFigures(offer)}</span>
                  <span className="preset-offer-counts">
                    {ready === undefined ? '' : offerCounts(offer, ready.read)}
                  </span>
                </li>
              ))}
          </ul>
          <ChooserStatus devices={devices} value={value} named={named} />
        </div>
      )}
    </>
  );
}

/** Under the field: reading, what was read and not, or that no device offers the typed name. */
function ChooserStatus(props: {
  devices: { ids: string[]; selected: boolean };
  value: string;
  named: PresetOffer | undefined;
}): ReactNode {
  const { offers, offersRequested } = useRootStore(
    useShallow((s) => ({ offers: s.presetOffers, offersRequested: s.presetOffersRequested })),
  );
  const who = devicesWords(props.devices.ids.length, props.devices.selected);
  if (props.devices.ids.length === 0) {
    return <p className="field-hint">No device to list presets for: type the preset name.</p>;
  }
  if (offers.status === 'idle' || offers.status === 'loading') {
    return (
      <p className="field-hint" role="status">
        Reading the presets of {who}…
      </p>
    );
  }
  const again = (
    <button
      type="button"
      className="link-button"
      onClick={() => void offersRequested(props.devices.ids, true)}
    >
      Read again
    </button>
  );
  if (offers.status === 'error') {
    return (
      <p className="field-error" role="alert">
        The presets of {who} could not be read: {offers.error.message} Type the preset name. {again}
      </p>
    );
  }
  const typed = props.value.trim();
  return (
    <>
      <p className="field-hint preset-chooser-read" role="status">
        {readWords(offers.value)} {again}
      </p>
      {props.named !== undefined && (
        <p className="field-hint preset-chooser-chosen">
          {props.named.name}: {offerFigures(props.named)} · {offerCounts(props.named, offers.value.read)}
        </p>
      )}
      {typed !== '' && props.named === undefined && (
        <p className="notice-warn preset-chooser-none">{noneOffersWords(typed, offers.value.read)}</p>
      )}
    </>
  );
}
