/**
 * The one field a handheld scanner types into: a USB or Bluetooth scanner types the label fast (a few ms
 * between keys) and ends it with Enter — or Tab, as some are set up — so either ends a label and neither
 * moves the focus. While a move is asked, Enter or Y says yes and Esc or N says no, with the field empty:
 * no mouse needed. Typing by hand works the same way.
 */
import { forwardRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ScanStep } from './scan-steps';
import { expectedWords } from './scan-steps';
import { useT } from '../../i18n/i18n-provider';

export interface ScanFieldProps {
  step: ScanStep;
  onLabel: (label: string) => void;
  onAnswer: (yes: boolean) => void;
}

const YES_KEYS = new Set(['Enter', 'y', 'Y']);
const NO_KEYS = new Set(['Escape', 'n', 'N']);

export const ScanField = forwardRef<HTMLInputElement, ScanFieldProps>(function ScanField(
  { step, onLabel, onAnswer },
  ref,
): ReactNode {
  const { t } = useT();
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (step.kind === 'confirm' && text === '' && (YES_KEYS.has(event.key) || NO_KEYS.has(event.key))) {
      // Escape answers "no" here instead of closing the dialog.
      event.preventDefault();
      onAnswer(YES_KEYS.has(event.key));
      return;
    }
    const ends = event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey && text.trim() !== '');
    if (!ends) return;
    event.preventDefault();
    // Cleared at once: the scanner's next label may already be arriving while main answers this one.
    setText('');
    onLabel(text);
  };
  return (
    <label className="scan-field">
      <span className="scan-field-words">{t(expectedWords(step))}</span>
      <input
        ref={ref}
        type="text"
        className="input scan-input"
        value={text}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        aria-label={t('placing.scan.field')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
    </label>
  );
});
