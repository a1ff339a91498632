/**
 * The report as JSON for other tools: the report object itself, validated against its schema on the way
 * out so a consumer can rely on `shared/domain/report.ts` as its documentation.
 */
import type { HandOverReport } from '../../../shared/domain/report';
import { handOverReportSchema } from '../../../shared/domain/report';

export function reportJson(report: HandOverReport): string {
  return `${JSON.stringify(handOverReportSchema.parse(report), null, 2)}\n`;
}
