/**
 * `metrics:status` over the app's site-metrics service: whether the site's Prometheus can scrape, where,
 * and when it last did. Turning metrics on or off is `settings:update`; the service follows the setting.
 */
import type { Handlers } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { SiteMetricsService } from '../metrics/site-metrics-service';

type MetricsHandlers = Pick<Handlers, 'metrics:status'>;

export function metricsHandlers(siteMetrics: SiteMetricsService): MetricsHandlers {
  return {
    'metrics:status': async () => ok(await siteMetrics.status()),
  };
}
