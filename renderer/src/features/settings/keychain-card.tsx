/** The keychain's state in plain words, and what to do when secrets cannot be kept. */
import type { ReactNode } from 'react';
import { useRootStore } from '../../stores/root-store';

export function KeychainCard(): ReactNode {
  const keychain = useRootStore((s) => s.keychain);
  if (keychain.status !== 'ready') return null;
  const k = keychain.value;
  return (
    <section className={k.persistent ? 'card card-ok' : 'card card-warn'} aria-labelledby="keychain-title">
      <h3 id="keychain-title">Keychain: {k.persistent ? 'working' : k.state}</h3>
      {k.persistent ? (
        <p>Passwords and API keys are kept in the operating system's keychain, never in a file.</p>
      ) : (
        <>
          <p>
            <strong>Session-only.</strong> Passwords are kept in memory and forgotten when Minerdeck quits;
            API keys are not created, since nobody could keep them.
          </p>
          {k.reason !== undefined && <p className="field-hint">The system said: {k.reason}</p>}
          <p>
            <strong>What to do:</strong> {k.advice} Then restart Minerdeck.
          </p>
        </>
      )}
    </section>
  );
}
