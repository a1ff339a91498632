/**
 * `npm run bench -- metrics-cpu`: what serving the site metrics costs the monitor. The monitor benchmark's
 * fleet (2,000 devices polled every 5 s, devices keeping idle connections) is monitored by one process
 * serving the metrics: after the warm-up, one window (60 s) nobody scrapes, then one as long with a scraper
 * in another process GETting them every 15 s (Prometheus' default interval). Same process, same fleet:
 * the windows differ only by the scrapes (two separate runs differ by more than that on a shared machine).
 * Reported: the monitor's CPU share in both windows and the difference, polls missed or late while scraped,
 * and the scrapes' wall time with the fleet running. The budget is the monitor's own (≤ 15 % of one core,
 * no missed poll), held while scraped.
 */
import type { BenchReport } from './bench-kit';
import { median } from './bench-kit';
import type { Measured } from './monitor.bench';
import { measure, SCENARIOS, share } from './monitor.bench';

const SCRAPE_EVERY_MS = 15_000;

export async function run(): Promise<BenchReport> {
  const keepAlive = SCENARIOS[0];
  if (keepAlive === undefined) throw new Error('the monitor benchmark has no scenario');
  const scraped = await measure({
    ...keepAlive,
    floor: false,
    name: `${keepAlive.name}, scraped every 15 s`,
    scrapeEveryMs: SCRAPE_EVERY_MS,
  });
  const unscraped = scraped.r.unscraped;
  if (unscraped === undefined) throw new Error('the monitoring process measured no unscraped window');
  const cpuScraped = share(scraped.r.steadyCpuMs, scraped.r.steadyWallMs);
  const cpuPlain = share(unscraped.cpuMs, unscraped.wallMs);
  const scrapes = scraped.r.scrapeMs ?? [];
  const devices = scraped.r.devices;
  const missed = (m: Measured): number =>
    m.r.steadyMissedPolls + m.r.steadyFailedPolls + m.r.steadyLateStarts;
  return {
    figures: [
      { name: `monitor CPU, ${devices} devices, not scraped`, value: cpuPlain, unit: '% of a core' },
      { name: `monitor CPU, ${devices} devices, scraped every 15 s`, value: cpuScraped, unit: '% of a core' },
      { name: 'difference', value: cpuScraped - cpuPlain, unit: 'points' },
      { name: 'scrapes during the scraped window', value: scrapes.length, unit: '' },
      { name: `scrape of ${devices} devices while monitoring (median)`, value: median(scrapes), unit: 'ms' },
      { name: 'missed, failed or late polls while scraped', value: missed(scraped), unit: '' },
      { name: 'poll latency p99 (both windows)', value: scraped.r.latencyP99Ms, unit: 'ms' },
      // Serving the metrics keeps every device's last bodies parsed (kept-answer.ts): the memory a laptop
      // running `minerdeck monitor --metrics` needs (docs/metrics.md, "A site larger than one laptop").
      { name: 'monitor peak RSS, serving the metrics', value: scraped.r.peakRssMb, unit: 'MB' },
      {
        name: 'monitor V8 heap at the end, after a full GC',
        value: scraped.r.heapUsedMb,
        unit: 'MB',
      },
    ],
    budgets: [
      {
        name: 'monitor ≤ 15 % of one core and no missed poll while scraped every 15 s',
        met: cpuScraped <= 15 && missed(scraped) === 0 && scrapes.length > 0,
        detail: `${cpuScraped.toFixed(1)} % scraped vs ${cpuPlain.toFixed(1)} % not scraped; ${missed(scraped)} missed/failed/late polls; ${scrapes.length} scrapes`,
      },
    ],
  };
}
