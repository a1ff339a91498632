/**
 * Sites: every site on this laptop with its devices, a new one, import and export. The current site is
 * the fleet; switching here or in the header switches what is monitored. Its "Activity" tab is the
 * current site's activity log (site-activity.tsx).
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SiteSummary } from '../../../../shared/domain/inventory';
import { errorText, localText } from '../../../../shared/i18n/local-text';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { ImportCard } from './import-card';
import { SiteActivity } from './site-activity';
import { SiteRow } from './site-row';
import './sites.css';

function NewSiteForm(): ReactNode {
  const { busy, siteCreated } = useRootStore(
    useShallow((s) => ({ busy: s.sitesBusy, siteCreated: s.siteCreated })),
  );
  const { t } = useT();
  const [name, setName] = useState('');
  const [subnets, setSubnets] = useState('');
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const list = subnets.split(/[\s,]+/).filter((s) => s !== '');
    if (await siteCreated(name, list.length > 0 ? list : undefined)) {
      setName('');
      setSubnets('');
    }
  };
  return (
    <form className="card site-new" aria-labelledby="new-site-title" onSubmit={(e) => void submit(e)}>
      <h3 id="new-site-title">{t('sites.new.title')}</h3>
      <div className="site-new-fields">
        <label className="field">
          <span className="field-label">{t('sites.new.name')}</span>
          <input
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('sites.new.namePlaceholder')}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('sites.new.subnets')}</span>
          <input
            className="mono"
            value={subnets}
            onChange={(e) => setSubnets(e.target.value)}
            placeholder="10.0.0.0/22"
          />
        </label>
        <button type="submit" className="button button-primary" disabled={busy || name.trim() === ''}>
          {t('sites.new.create')}
        </button>
      </div>
    </form>
  );
}

function DeleteDialog({ site, onClose }: { site: SiteSummary; onClose: () => void }): ReactNode {
  const { t } = useT();
  const siteDeleted = useRootStore((s) => s.siteDeleted);
  return (
    <ModalDialog
      title={t('sites.delete.title', { name: site.name })}
      onClose={onClose}
      describedBy="delete-site-message"
    >
      <form method="dialog" className="modal-form">
        <p id="delete-site-message">{t('sites.delete.message', { count: site.deviceCount })}</p>
        <div className="modal-actions">
          <button type="submit" value="cancel" className="button" autoFocus>
            {t('common.action.cancel')}
          </button>
          <button
            type="submit"
            value="confirm"
            className="button button-danger"
            onClick={() => void siteDeleted(site.id, true)}
          >
            {t('sites.delete.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function SitesView(): ReactNode {
  const { sites, notice, sitesRequested } = useRootStore(
    useShallow((s) => ({ sites: s.sites, notice: s.siteNotice, sitesRequested: s.sitesRequested })),
  );
  const tr = useT();
  const { t } = tr;
  const [deleting, setDeleting] = useState<SiteSummary | undefined>(undefined);
  useEffect(() => {
    void sitesRequested();
  }, [sitesRequested]);

  return (
    <section className="view sites" aria-labelledby="sites-title">
      <h2 id="sites-title">{t('sites.view.title')}</h2>
      <p className="view-lead">{t('sites.view.lead')}</p>
      <Tabs.Root defaultValue="sites" className="tabs">
        <Tabs.List className="tab-list" aria-label={t('sites.view.tabs')}>
          <Tabs.Trigger value="sites" className="tab">
            {t('sites.view.allSites')}
          </Tabs.Trigger>
          <Tabs.Trigger value="activity" className="tab">
            {t('sites.view.activity')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="activity" className="tab-panel">
          <SiteActivity />
        </Tabs.Content>
        <Tabs.Content value="sites" className="tab-panel">
          {notice !== undefined && (
            <p className={notice.tone === 'error' ? 'field-error' : 'notice-ok'} role="status">
              {notice.tone === 'error' ? errorText(tr, notice.error) : t(notice.text)}
            </p>
          )}
          {sites.status === 'ready' &&
            sites.value.problems.map((problem) => (
              <p key={problem.message} className="notice-warn" role="alert">
                {problem.keptAt !== undefined
                  ? t('sites.view.problemKept', {
                      problem: localText(tr, problem),
                      path: problem.keptAt,
                    })
                  : localText(tr, problem)}
              </p>
            ))}
          {sites.status === 'error' && <p className="field-error">{errorText(tr, sites.error)}</p>}
          {sites.status === 'ready' && sites.value.sites.length > 0 && (
            <div className="table-scroll sites-table">
              <table className="data-table" aria-label={t('sites.view.title')}>
                <thead>
                  <tr>
                    <th scope="col">{t('sites.table.name')}</th>
                    <th scope="col">{t('sites.table.devices')}</th>
                    <th scope="col">{t('sites.table.subnets')}</th>
                    <th scope="col">{t('sites.table.created')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('sites.table.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sites.value.sites.map((site) => (
                    <SiteRow key={site.id} site={site} onDelete={setDeleting} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="sites-cards">
            <NewSiteForm />
            <ImportCard />
          </div>
        </Tabs.Content>
      </Tabs.Root>
      {deleting !== undefined && <DeleteDialog site={deleting} onClose={() => setDeleting(undefined)} />}
    </section>
  );
}
