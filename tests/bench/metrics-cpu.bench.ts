/**
 * `npm run bench -- metrics-cpu`: what serving the site metrics costs the monitor. The monitor benchmark's
 * fleet (2,000 devices polled every 5 s, devices keeping idle connections) is monitored twice for the same
 * window: once plainly, once serving the metrics with a scraper in another process GETting them every
 * 15 s (Prometheus' default interval). Reported: the monitor's CPU share in both runs and the difference,
 * polls missed or late while scraped, and the scrapes' wall time with the fleet running. The budget is the
 * monitor's own (≤ 15 % of one core, no missed poll), held while scraped.
 */
import type { BenchReport } from './bench-kit';
import { median } from './bench-kit';
import type { Measured } from './monitor.bench';
import { measure, SCENARIOS, share } from './monitor.bench';

const SCRAPE_EVERY_MS = 15_000;

export async function run(): Promise<BenchReport> {
  const keepAlive = SCENARIOS[0];
  if (keepAlive === undefined) throw new Error('the monitor benchmark has no scenario');
  const plain = await measure({ ...keepAlive, floor: false });
  const scraped = await measure({
    ...keepAlive,
    floor: false,
    name: `${keepAlive.name}, scraped every 15 s`,
    scrapeEveryMs: SCRAPE_EVERY_MS,
  });
  const cpu = (m: Measured): number => share(m.r.steadyCpuMs, m.r.steadyWallMs);
  const scrapes = scraped.r.scrapeMs ?? [];
  const devices = scraped.r.devices;
  const missed = (m: Measured): number =>
    m.r.steadyMissedPolls + m.r.steadyFailedPolls + m.r.steadyLateStarts;
  return {
    figures: [
      { name: `monitor CPU, ${devices} devices, no metrics`, value: cpu(plain), unit: '% of a core' },
      {
        name: `monitor CPU, ${devices} devices, scraped every 15 s`,
        value: cpu(scraped),
        unit: '% of a core',
      },
      { name: 'difference', value: cpu(scraped) - cpu(plain), unit: 'points' },
      { name: 'scrapes during the window', value: scrapes.length, unit: '' },
      { name: `scrape of ${devices} devices while monitoring (median)`, value: median(scrapes), unit: 'ms' },
      { name: 'missed, failed or late polls, no metrics', value: missed(plain), unit: '' },
      { name: 'missed, failed or late polls, scraped', value: missed(scraped), unit: '' },
      { name: 'poll latency p99, no metrics', value: plain.r.latencyP99Ms, unit: 'ms' },
      { name: 'poll latency p99, scraped', value: scraped.r.latencyP99Ms, unit: 'ms' },
    ],
    budgets: [
      {
        name: 'monitor ≤ 15 % of one core and no missed poll while scraped every 15 s',
        met: cpu(scraped) <= 15 && missed(scraped) === 0 && scrapes.length > 0,
        detail: `${cpu(scraped).toFixed(1)} % scraped vs ${cpu(plain).toFixed(1)} % without; ${missed(scraped)} missed/failed/late polls; ${scrapes.length} scrapes`,
      },
    ],
  };
}
