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
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
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

/**
 * The list's keyboard and pointer: ↓/↑ move (↓ opens a closed list), Enter takes the highlighted line,
 * Escape closes the list only; the highlighted line stays in view.
 */
function useListKeys(
  listId: string,
  shown: readonly PresetOffer[],
  disabled: boolean,
  choose: (name: string) => void,
) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listed = open && !disabled && shown.length > 0;
  const activeIndex = Math.min(active, shown.length - 1);

  useEffect(() => {
    if (!listed) return;
    const option = document.getElementById(`${listId}-${activeIndex}`);
    // jsdom has no scrollIntoView; a real browser keeps the highlighted line in view.
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [listId, listed, activeIndex]);

  const take = (name: string): void => {
    choose(name);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!listed) setOpen(true);
      else setActive((activeIndex + (e.key === 'ArrowDown' ? 1 : -1) + shown.length) % shown.length);
    } else if (e.key === 'Enter' && listed) {
      e.preventDefault();
      const offer = shown[activeIndex];
      if (offer !== undefined) take(offer.name);
    } else if (e.key === 'Escape' && listed) {
      // Closes the list, not the dialog around it.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };
  /** Typing: the list opens on the first match. */
  const typed = (): void => {
    setActive(0);
    setOpen(true);
  };
  return { listed, activeIndex, setActive, setOpen, take, onKeyDown, typed };
}

/** The presets a typed text shows, each a line: name, watts and TH/s, its counts. */
function OfferList(props: {
  id: string;
  list: ReturnType<typeof useListKeys>;
  shown: readonly PresetOffer[];
  read: number;
  label: string;
}): ReactNode {
  const { id, list } = props;
  const tr = useT();
  return (
    <ul id={id} role="listbox" aria-label={props.label} hidden={!list.listed}>
      {list.listed &&
        props.shown.map((offer, i) => (
          <li
            key={offer.name}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === list.activeIndex}
            data-lacking={offer.lacking > 0 || offer.needsModdedPsu > 0 ? 'yes' : 'no'}
            // Keeps the focus in the field: a click chooses without a blur closing the list first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => list.take(offer.name)}
            onMouseMove={() => i !== list.activeIndex && list.setActive(i)}
          >
            <span className="preset-offer-name">{offer.name}</span>
            <span className="preset-offer-figures">{offerFigures(offer, tr)}</span>
            <span className="preset-offer-counts">{offerCounts(offer, props.read, tr)}</span>
          </li>
        ))}
    </ul>
  );
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
  const tr = useT();

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
  const list = useListKeys(listId, shown, disabled, onChange);

  return (
    <>
      <label className="power-value">
        <span className="field-label">{label}</span>
        <input
          type="text"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={list.listed}
          aria-controls={listId}
          {...(list.listed ? { 'aria-activedescendant': `${listId}-${list.activeIndex}` } : {})}
          autoComplete="off"
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => {
            onChange(e.target.value);
            list.typed();
          }}
          onClick={() => list.setOpen(true)}
          onKeyDown={list.onKeyDown}
          onBlur={() => list.setOpen(false)}
        />
      </label>
      {!disabled && (
        <div className="preset-chooser">
          <OfferList
            id={listId}
            list={list}
            shown={shown}
            read={ready?.read ?? 0}
            label={tr.t('fleet-actions.presetChooser.list', {
              devices: devicesWords(devices.ids.length, devices.selected, tr),
            })}
          />
          <ChooserStatus
            devices={devices}
            value={value}
            named={ready === undefined ? undefined : offerNamed(ready.offers, value)}
          />
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
  const tr = useT();
  const { t } = tr;
  const who = devicesWords(props.devices.ids.length, props.devices.selected, tr);
  if (props.devices.ids.length === 0) {
    return <p className="field-hint">{t('fleet-actions.presetChooser.noDevice')}</p>;
  }
  if (offers.status === 'idle' || offers.status === 'loading') {
    return (
      <p className="field-hint" role="status">
        {t('fleet-actions.presetChooser.reading', { devices: who })}
      </p>
    );
  }
  const again = (
    <button
      type="button"
      className="link-button"
      onClick={() => void offersRequested(props.devices.ids, true)}
    >
      {t('fleet-actions.presetChooser.again')}
    </button>
  );
  if (offers.status === 'error') {
    return (
      <p className="field-error" role="alert">
        {t('fleet-actions.presetChooser.error', { devices: who, error: errorText(tr, offers.error) })} {again}
      </p>
    );
  }
  const typed = props.value.trim();
  return (
    <>
      <p className="field-hint preset-chooser-read" role="status">
        {readWords(offers.value, tr)} {again}
      </p>
      {props.named !== undefined && (
        <p className="field-hint preset-chooser-chosen">
          {props.named.name}: {offerFigures(props.named, tr)} ·{' '}
          {offerCounts(props.named, offers.value.read, tr)}
        </p>
      )}
      {typed !== '' && props.named === undefined && (
        <p className="notice-warn preset-chooser-none">{noneOffersWords(typed, offers.value.read, tr)}</p>
      )}
    </>
  );
}
