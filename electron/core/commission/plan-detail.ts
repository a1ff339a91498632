/**
 * A write preview's line for one device, in English (the CLI's preview, `--json`'s `detail`) and as a
 * message for the window's language (issue 35): why a device is skipped (locked out, offline, no
 * credential) or what it will get (its current password, the action). One choice of words for both.
 */
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';

export interface PlanDetail {
  readonly detail: string;
  readonly detailText: MessageRef;
}

const said = (detail: string, detailText: MessageRef): PlanDetail => ({ detail, detailText });

export const lockedOutDetail = (seconds: number): PlanDetail =>
  said(
    `locked out: the device refuses unlocks for ${seconds} s more`,
    message('fleet-actions.planDetail.lockedOut', { seconds }),
  );

/** `reason`: the monitor's or a failed read's own words. */
export const offlineDetail = (reason: string): PlanDetail =>
  said(`offline: ${reason}`, message('fleet-actions.planDetail.offline', { reason }));

/** `reason`: why the device needs its password, as its session says it. */
export const needsPasswordDetail = (reason: string): PlanDetail =>
  said(
    `no credential: needs its password (${reason})`,
    message('fleet-actions.planDetail.needsPassword', { reason }),
  );

export const NO_CREDENTIAL_DETAIL: PlanDetail = said(
  'no credential: no API key or password is stored for it (unlock it with --remember, or give the site password, first)',
  message('fleet-actions.planDetail.noCredential'),
);

export const pendingChangeDetail = (since: string): PlanDetail =>
  said(
    `an earlier password change (${since}) is not confirmed yet: unlock or check the device first`,
    message('fleet-actions.planDetail.pendingChange', { since }),
  );

export const NO_KNOWN_PASSWORD_DETAIL: PlanDetail = said(
  'no known current password (none stored, or the device refused it): unlock it first',
  message('fleet-actions.planDetail.noKnownPassword'),
);

/** Which password a change sends as the current one: given this session, the device's, or its site's. */
export function currentPasswordDetail(label: string): PlanDetail {
  const site = /^stored password of site "(.*)"$/.exec(label);
  const which =
    label === 'password given this session'
      ? message('fleet-actions.planDetail.passwordGiven')
      : label === 'stored device password'
        ? message('fleet-actions.planDetail.passwordStoredDevice')
        : site !== null
          ? message('fleet-actions.planDetail.passwordStoredSite', { site: site[1] ?? '' })
          : undefined;
  return said(
    `current password: ${label}`,
    which === undefined
      ? message('fleet-actions.planDetail.currentPasswordSaid', { label })
      : message('fleet-actions.planDetail.currentPassword', { which }),
  );
}

const ACTIONS = {
  'restart-mining': said(
    'restart mining (its hash rate drops for a minute or so)',
    message('fleet-actions.planDetail.restartMining'),
  ),
  reboot: said(
    'reboot (it drops off the network for a minute or two)',
    message('fleet-actions.planDetail.reboot'),
  ),
  ledOff: said(
    'turn the locate LED off (read first, toggled only if it is on)',
    message('fleet-actions.planDetail.ledOff'),
  ),
  ledTimeUp: said('turn the locate LED off (its time is up)', message('fleet-actions.planDetail.ledTimeUp')),
} as const;

/** What a device action will do to each device it is sent to. */
export function actionDetail(
  action: 'restart-mining' | 'reboot' | 'locate',
  on = true,
  minutes = 0,
): PlanDetail {
  if (action !== 'locate') return ACTIONS[action];
  if (!on) return ACTIONS.ledOff;
  return said(
    `turn the locate LED on for ${minutes} min (read first, toggled only if it is off)`,
    message('fleet-actions.planDetail.ledOn', { minutes }),
  );
}

export const LED_TIME_UP_DETAIL = ACTIONS.ledTimeUp;
