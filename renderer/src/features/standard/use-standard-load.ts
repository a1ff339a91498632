/**
 * Reads the current site's standard and every fleet device's drift from it when the fleet shows; after
 * that `standard:drift` events and fleet changes keep them current (standard-slice.ts).
 */
import { useEffect } from 'react';
import { useRootStore } from '../../stores/root-store';

export function useStandardLoad(): void {
  const standardRequested = useRootStore((s) => s.standardRequested);
  const driftRequested = useRootStore((s) => s.driftRequested);
  const commissionRunLoaded = useRootStore((s) => s.commissionRunLoaded);
  useEffect(() => {
    void standardRequested();
    void driftRequested();
    void commissionRunLoaded();
  }, [standardRequested, driftRequested, commissionRunLoaded]);
}
