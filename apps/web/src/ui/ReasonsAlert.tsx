import type { ReactNode } from 'react';
import { cn } from './cn';
import { FormAlert } from './TextField';

/** Every reason a write was refused, one bullet each, in an alert; a bold `heading` above them when given. */
export function ReasonsAlert({ heading, reasons }: { heading?: ReactNode; reasons: string[] }) {
  return (
    <FormAlert>
      {heading ? <p className="font-semibold">{heading}</p> : null}
      <ul className={cn(heading ? 'mt-1' : null, 'list-disc space-y-0.5 pl-5')}>
        {reasons.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </FormAlert>
  );
}
