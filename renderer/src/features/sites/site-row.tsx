/**
 * One site in the Sites table: switch to it, set the current site's standard (Standard…), rename it in
 * place, export it, delete it (with a question).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { SiteSummary } from '../../../../shared/domain/inventory';
import { numberText } from '../../../../shared/i18n/formats';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { StandardDialog } from '../standard/standard-dialog';

export interface SiteRowProps {
  site: SiteSummary;
  onDelete: (site: SiteSummary) => void;
}

export function SiteRow({ site, onDelete }: SiteRowProps): ReactNode {
  const tr = useT();
  const { t } = tr;
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
            {site.current ? (
              <span className="badge badge-good site-badge">{t('sites.row.current')}</span>
            ) : null}
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
              aria-label={t('sites.row.newName', { name: site.name })}
              value={renaming}
              maxLength={100}
              autoFocus
              onChange={(e) => setRenaming(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setRenaming(undefined);
              }}
            />
            <button type="submit" className="button button-primary" disabled={busy || renaming.trim() === ''}>
              {t('common.action.save')}
            </button>
            <button type="button" className="button" onClick={() => setRenaming(undefined)}>
              {t('common.action.cancel')}
            </button>
          </form>
        )}
      </th>
      <td className="num">{numberText(tr, site.deviceCount)}</td>
      <td className="mono">{site.subnets.length === 0 ? '–' : site.subnets.join(', ')}</td>
      <td>{site.createdAt.slice(0, 10)}</td>
      <td>
        <div className="site-actions">
          {!site.current && (
            <button type="button" className="button" disabled={busy} onClick={() => void siteChosen(site.id)}>
              {t('sites.row.switch')}
            </button>
          )}
          {site.current && (
            <button
              type="button"
              className="button"
              aria-label={t('sites.row.standardOf', { name: site.name })}
              title={t('sites.row.standardTitle')}
              disabled={busy}
              onClick={() => setStandardOpen(true)}
            >
              {t('sites.row.standard')}
            </button>
          )}
          <button
            type="button"
            className="button"
            aria-label={t('sites.row.renameOf', { name: site.name })}
            disabled={busy || renaming !== undefined}
            onClick={() => setRenaming(site.name)}
          >
            {t('sites.row.rename')}
          </button>
          <button
            type="button"
            className="button"
            aria-label={t('sites.row.exportOf', { name: site.name })}
            disabled={busy}
            onClick={() => void siteExportRequested(site.id)}
          >
            {t('sites.row.export')}
          </button>
          <button
            type="button"
            className="button button-danger"
            aria-label={t('sites.row.deleteOf', { name: site.name })}
            disabled={busy}
            onClick={() => onDelete(site)}
          >
            {t('sites.row.delete')}
          </button>
        </div>
        {standardOpen && <StandardDialog siteName={site.name} onClose={() => setStandardOpen(false)} />}
      </td>
    </tr>
  );
}
