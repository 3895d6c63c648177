import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';

type Contact = 'email' | 'phone';

/**
 * The tabs of a form that goes by e-mail or by phone (sign-up, password reset): the tabs in the order given, and
 * the one form beneath, which the page renders for the chosen contact (`children`).
 */
export function ContactTabs({ value, onChange, label, tabs, children }: { value: Contact; onChange: (by: Contact) => void; label: string; tabs: [Contact, string][]; children: ReactNode }) {
  return (
    <Tabs value={value} onValueChange={(v) => onChange(v as Contact)}>
      <TabsList aria-label={label}>
        {tabs.map(([by, text]) => (
          <TabsTrigger key={by} value={by}>
            {text}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={value}>{children}</TabsContent>
    </Tabs>
  );
}
