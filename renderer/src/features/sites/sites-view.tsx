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
import { ModalDialog } from '../../components/modal-dialog';
import { useRootStore } from '../../stores/root-store';
import { ImportCard } from './import-card';
import { SiteActivity } from './site-activity';
import { SiteRow } from './site-row';
import './sites.css';

function NewSiteForm(): ReactNode {
  const { busy, siteCreated } = useRootStore(
    useShallow((s) => ({ busy: s.sitesBusy, siteCreated: s.siteCreated })),
  );
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
      <h3 id="new-site-title">New site</h3>
      <div className="site-new-fields">
        <label className="field">
          <span className="field-label">Site name</span>
          <input
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            placeholder="Hall 1"
          />
        </label>
        <label className="field">
          <span className="field-label">Subnets (optional)</span>
          <input
            className="mono"
            value={subnets}
            onChange={(e) => setSubnets(e.target.value)}
            placeholder="10.0.0.0/22"
          />
        </label>
        <button type="submit" className="button button-primary" disabled={busy || name.trim() === ''}>
          Create and switch to it
        </button>
      </div>
    </form>
  );
}

function DeleteDialog({ site, onClose }: { site: SiteSummary; onClose: () => void }): ReactNode {
  const siteDeleted = useRootStore((s) => s.siteDeleted);
  const devices = site.deviceCount;
  return (
    <ModalDialog title={`Delete site “${site.name}”?`} onClose={onClose} describedBy="delete-site-message">
      <form method="dialog" className="modal-form">
        <p id="delete-site-message">
          {devices === 0
            ? 'It has no devices.'
            : `Its ${devices.toLocaleString('en-US')} device${devices === 1 ? '' : 's'}, their labels and notes are forgotten on this laptop.`}{' '}
          Passwords and API keys stay in the keychain. Export the site first to keep a copy.
        </p>
        <div className="modal-actions">
          <button type="submit" value="cancel" className="button" autoFocus>
            Cancel
          </button>
          <button
            type="submit"
            value="confirm"
            className="button button-danger"
            onClick={() => void siteDeleted(site.id, true)}
          >
            Delete the site
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
  const [deleting, setDeleting] = useState<SiteSummary | undefined>(undefined);
  useEffect(() => {
    void sitesRequested();
  }, [sitesRequested]);

  return (
    <section className="view sites" aria-labelledby="sites-title">
      <h2 id="sites-title">Sites</h2>
      <p className="view-lead">
        Everything found, noted and commissioned belongs to a site. The current site is the fleet you monitor,
        where scans are saved and what the report covers.
      </p>
      <Tabs.Root defaultValue="sites" className="tabs">
        <Tabs.List className="tab-list" aria-label="Sites and activity">
          <Tabs.Trigger value="sites" className="tab">
            All sites
          </Tabs.Trigger>
          <Tabs.Trigger value="activity" className="tab">
            Activity
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="activity" className="tab-panel">
          <SiteActivity />
        </Tabs.Content>
        <Tabs.Content value="sites" className="tab-panel">
          {notice !== undefined && (
            <p className={notice.tone === 'error' ? 'field-error' : 'notice-ok'} role="status">
              {notice.message}
            </p>
          )}
          {sites.status === 'ready' &&
            sites.value.problems.map((problem) => (
              <p key={problem.message} className="notice-warn" role="alert">
                {problem.message}
                {problem.keptAt !== undefined ? ` (kept as ${problem.keptAt})` : ''}
              </p>
            ))}
          {sites.status === 'error' && <p className="field-error">{sites.error.message}</p>}
          {sites.status === 'ready' && sites.value.sites.length > 0 && (
            <div className="table-scroll sites-table">
              <table className="data-table" aria-label="Sites">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Devices</th>
                    <th scope="col">Subnets</th>
                    <th scope="col">Created</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
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
