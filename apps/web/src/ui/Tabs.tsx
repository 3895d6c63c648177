import * as RTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Tabs = RTabs.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof RTabs.List>) {
  return <RTabs.List className={cn('mb-5 flex gap-1 rounded-xl bg-ink-900 p-1 ring-1 ring-inset ring-ink-700', className)} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof RTabs.Trigger>) {
  return (
    <RTabs.Trigger
      className={cn(
        'h-9 flex-1 rounded-lg px-3 text-sm font-medium text-muted transition-colors hover:text-fg',
        'data-[state=active]:bg-ink-700 data-[state=active]:text-fg data-[state=active]:shadow',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof RTabs.Content>) {
  return <RTabs.Content className={cn('focus-visible:outline-none', className)} {...rest} />;
}
