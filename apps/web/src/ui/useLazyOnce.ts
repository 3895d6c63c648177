import { useCallback, useState } from 'react';

/**
 * For overlays whose code loads on first use (Radix menus, dialogs): `armed` turns true on the first
 * interaction and stays true; `preload` starts fetching the chunk early (pointer over, focus) so the first
 * click feels instant.
 */
export function useLazyOnce(load: () => Promise<unknown>) {
  const [armed, setArmed] = useState(false);
  const preload = useCallback(() => {
    void load();
  }, [load]);
  const arm = useCallback(() => {
    void load();
    setArmed(true);
  }, [load]);
  return { armed, arm, preload };
}
