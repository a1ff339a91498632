/**
 * A device's acceptance verdict as a small badge — "Accepted" or "Failed" with its first reason on hover —
 * in the fleet row and the device panel; nothing when the device has no verdict yet. Each badge reads its
 * own device's verdict only, so a run's verdicts redraw just their rows.
 */
import type { ReactNode } from 'react';
import { oneLineReason, verdictWords } from '../../../../shared/domain/acceptance-words';
import { useRootStore } from '../../stores/root-store';
import './acceptance.css';

export function AcceptanceBadge({ deviceId }: { deviceId: string }): ReactNode {
  const verdict = useRootStore((s) => s.verdicts[deviceId]);
  if (verdict === undefined) return null;
  const pass = verdict.verdict === 'pass';
  return (
    <span
      className={`mini-badge ${pass ? 'mini-accepted' : 'mini-failed'}`}
      data-verdict={verdict.verdict}
      title={pass ? `Accepted ${new Date(verdict.endedAt).toLocaleString()}` : oneLineReason(verdict)}
    >
      {verdictWords(verdict.verdict)}
    </span>
  );
}
