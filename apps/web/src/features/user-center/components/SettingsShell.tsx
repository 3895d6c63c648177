import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { CenterSection } from '../../../ui/CenterSection';

/** A page of the user centre. The frame with the left menu is the user-centre layout route (UserCenterLayout, beside it). */
export function SettingsShell({ title, subtitle, aside, children }: { title: ReactNode; subtitle?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  // The page's heading names it in the tab too.
  useDocumentTitle(typeof title === 'string' ? title : null);
  return (
    <CenterSection title={title} subtitle={subtitle} aside={aside}>
      {children}
    </CenterSection>
  );
}
