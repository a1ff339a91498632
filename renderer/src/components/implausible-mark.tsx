/**
 * "implausible" where a number would be: the device sent a value no hardware can report (negative hash
 * rate, a fan at 200,000 rpm…), so it is left out. What it sent is on hover; the device's Raw JSON tab has
 * the body as it came.
 */
import type { ReactNode } from 'react';
import type { ImplausibleValue } from '../../../shared/domain/reading';
import { useT } from '../i18n/i18n-provider';
import './implausible-mark.css';

export function ImplausibleMark({
  entry,
  className = '',
  prefix = '',
}: {
  entry: ImplausibleValue;
  className?: string;
  prefix?: string;
}): ReactNode {
  const { t } = useT();
  return (
    <span
      className={`implausible ${className}`.trim()}
      title={t('common.implausible.title', { value: entry.text })}
      data-implausible={entry.field}
    >
      {prefix}
      {t('common.implausible.mark')}
    </span>
  );
}
