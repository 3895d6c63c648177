import type { ReactNode } from 'react';
import { CenterSection } from '../../../ui/CenterSection';

/** A page of the user centre. The frame with the left menu is the user-centre layout route (app/UserCenterLayout). */
export function SettingsShell({ title, subtitle, aside, children }: { title: ReactNode; subtitle?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  return (
    <CenterSection title={title} subtitle={subtitle} aside={aside}>
      {children}
    </CenterSection>
  );
}
