/**
 * One line over the fleet when this laptop is off the site network (the monitor's totals say since when):
 * the one cause of every device going quiet, said once instead of an alarm per device, with what the
 * rows mean meanwhile (their last state, not checked) and what to do.
 */
import type { ReactNode } from 'react';
import { offNetworkWords } from '../../../../shared/format/laptop-network-text';
import { useRootStore } from '../../stores/root-store';

/** When the laptop left the site network, while monitoring runs; undefined otherwise. */
export const useOffNetworkSince = (): number | undefined =>
  useRootStore((s) => (s.monitoring ? s.totals?.laptopOffNetworkSince : undefined));

export function LaptopNetworkBanner(): ReactNode {
  const since = useOffNetworkSince();
  if (since === undefined) return null;
  const words = offNetworkWords(since);
  return (
    <div className="banner banner-warn fleet-network-banner" role="alert" data-condition="laptop-off-network">
      <strong>{`${words.charAt(0).toUpperCase()}${words.slice(1)}.`}</strong> Devices are not checked until it
      is back: each shows its last state, and no device alarm is raised for it. Check this laptop&apos;s
      network cable or Wi-Fi.
    </div>
  );
}
