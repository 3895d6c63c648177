import { useCallback, useState } from 'react';

/**
 * For overlays whose code loads on first use (Radix menus, dialogs): `armed` turns true on the first
 * interaction and stays true; `preload` starts fetching the chunk early (pointer over, focus) so the first
 * click feels instant. `untouched` wires both to the plain trigger shown before the first use.
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
  const untouched = { onClick: arm, onPointerEnter: preload, onFocus: preload, 'aria-expanded': false } as const;
  return { armed, arm, preload, untouched };
}
