/**
 * One site in the Sites table: switch to it, set the current site's standard (Standard…), rename it in
 * place, export it, delete it (with a question).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { SiteSummary } from '../../../../shared/domain/inventory';
import { useRootStore } from '../../stores/root-store';
import { StandardDialog } from '../standard/standard-dialog';

export interface SiteRowProps {
  site: SiteSummary;
  onDelete: (site: SiteSummary) => void;
}

export function SiteRow({ site, onDelete }: SiteRowProps): ReactNode {
  const busy = useRootStore((s) => s.sitesBusy);
  const siteChosen = useRootStore((s) => s.siteChosen);
  const siteRenamed = useRootStore((s) => s.siteRenamed);
  const siteExportRequested = useRootStore((s) => s.siteExportRequested);
  const [renaming, setRenaming] = useState<string | undefined>(undefined);
  const [standardOpen, setStandardOpen] = useState(false);

  const rename = async (): Promise<void> => {
    if (renaming === undefined) return;
    if (await siteRenamed(site.id, renaming)) setRenaming(undefined);
  };

  return (
    <tr
      aria-current={site.current ? 'true' : undefined}
      className={site.current ? 'site-current' : undefined}
    >
      <th scope="row">
        {renaming === undefined ? (
          <>
            {site.name}
            {site.current ? <span className="badge badge-good site-badge">Current</span> : null}
          </>
        ) : (
          <form
            className="site-rename"
            onSubmit={(e) => {
              e.preventDefault();
              void rename();
            }}
          >
            <input
              aria-label={`New name for ${site.name}`}
              value={renaming}
              maxLength={100}
              autoFocus
              onChange={(e) => setRenaming(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setRenaming(undefined);
              }}
            />
            <button type="submit" className="button button-primary" disabled={busy || renaming.trim() === ''}>
              Save
            </button>
            <button type="button" className="button" onClick={() => setRenaming(undefined)}>
              Cancel
            </button>
          </form>
        )}
      </th>
      <td className="num">{site.deviceCount.toLocaleString('en-US')}</td>
      <td className="mono">{site.subnets.length === 0 ? '–' : site.subnets.join(', ')}</td>
      <td>{site.createdAt.slice(0, 10)}</td>
      <td>
        <div className="site-actions">
          {!site.current && (
            <button type="button" className="button" disabled={busy} onClick={() => void siteChosen(site.id)}>
              Switch to it
            </button>
          )}
          {site.current && (
            <button
              type="button"
              className="button"
              aria-label={`Standard of ${site.name}`}
              title="What every device of the site should be: its password, pools, firmware, power rule, acceptance"
              disabled={busy}
              onClick={() => setStandardOpen(true)}
            >
              Standard…
            </button>
          )}
          <button
            type="button"
            className="button"
            aria-label={`Rename ${site.name}`}
            disabled={busy || renaming !== undefined}
            onClick={() => setRenaming(site.name)}
          >
            Rename…
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Export ${site.name}`}
            disabled={busy}
            onClick={() => void siteExportRequested(site.id)}
          >
            Export…
          </button>
          <button
            type="button"
            className="button button-danger"
            aria-label={`Delete ${site.name}`}
            disabled={busy}
            onClick={() => onDelete(site)}
          >
            Delete…
          </button>
        </div>
        {standardOpen && <StandardDialog siteName={site.name} onClose={() => setStandardOpen(false)} />}
      </td>
    </tr>
  );
}
