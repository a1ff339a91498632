/**
 * One line over the fleet when this laptop is off the site network (the monitor's totals say since when):
 * the one cause of every device going quiet, said once instead of an alarm per device, with what the
 * rows mean meanwhile (their last state, not checked) and what to do.
 */
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

/** When the laptop left the site network, while monitoring runs; undefined otherwise. */
export const useOffNetworkSince = (): number | undefined =>
  useRootStore((s) => (s.monitoring ? s.totals?.laptopOffNetworkSince : undefined));

export function LaptopNetworkBanner(): ReactNode {
  const { t, intl } = useT();
  const since = useOffNetworkSince();
  if (since === undefined) return null;
  // A 24-hour clock, as the fleet's other times of day on a site (and as the CLI says it).
  const time = intl.formatTime(since, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (
    <div className="banner banner-warn fleet-network-banner" role="alert" data-condition="laptop-off-network">
      <strong>{t('fleet.network.off', { time })}</strong> {t('fleet.network.consequence')}
    </div>
  );
}
