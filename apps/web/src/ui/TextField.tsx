import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
  labelAside?: ReactNode;
}

export function FieldShell({ id, label, error, hint, required, children, className, labelAside }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
          {required ? (
            <span className="ml-0.5 text-accent" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="flex items-start gap-1.5 text-sm text-danger">
          <svg viewBox="0 0 16 16" className="mt-0.5 size-3.5 shrink-0" fill="currentColor" aria-hidden="true">
            <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm-.75 3.5h1.5v5h-1.5v-5zm0 6h1.5V12h-1.5v-1.5z" />
          </svg>
          <span>{error}</span>
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A field's control: its id (the caller's, else a new one), invalid when it has an error, described by the error or else the hint. */
function useControlIds(idProp: string | undefined, error: string | null | undefined, hint: ReactNode) {
  const auto = useId();
  const id = idProp ?? auto;
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined } as const;
}

export const controlClass = (invalid: boolean) =>
  cn(
    'h-11 w-full min-w-0 rounded-lg bg-ink-900 px-3 text-[15px] text-fg placeholder:text-subtle ring-1 ring-inset transition-shadow',
    'focus:outline-none focus:ring-2',
    invalid ? 'ring-danger/80 focus:ring-danger' : 'ring-ink-600 hover:ring-ink-600/80 focus:ring-accent',
    'disabled:opacity-60',
  );

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  trailing?: ReactNode;
  labelAside?: ReactNode;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, trailing, labelAside, containerClassName, id: idProp, className, required, ref, ...rest }: TextFieldProps) {
  const control = useControlIds(idProp, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} required={required} className={containerClassName} labelAside={labelAside}>
      <div className="flex gap-2">
        <input
          ref={ref}
          {...control}
          aria-required={required || undefined}
          className={cn(controlClass(!!error), className)}
          {...rest}
        />
        {trailing}
      </div>
    </FieldShell>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  containerClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, error, hint, containerClassName, id: idProp, className, children, required, ref, ...rest }: SelectFieldProps) {
  const control = useControlIds(idProp, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} required={required} className={containerClassName}>
      <select
        ref={ref}
        {...control}
        className={cn(controlClass(!!error), 'appearance-none bg-[length:16px] bg-[right_10px_center] bg-no-repeat pr-8', className)}
        style={{
          backgroundImage:
            "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='%23a6b0c2'%3E%3Cpath d='M4 6l4 4 4-4'/%3E%3C/svg%3E\")",
        }}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  labelAside?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, labelAside, id: idProp, className, ref, ...rest }: TextAreaFieldProps) {
  const control = useControlIds(idProp, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} labelAside={labelAside}>
      <textarea
        ref={ref}
        {...control}
        className={cn(controlClass(!!error), 'h-auto min-h-24 py-2.5', className)}
        {...rest}
      />
    </FieldShell>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, id: idProp, className, ref, ...rest }: CheckboxProps) {
  const auto = useId();
  const id = idProp ?? auto;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-2.5">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-muted">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="pl-6.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ children, tone = 'danger' }: { children: ReactNode; tone?: 'danger' | 'success' | 'info' }) {
  if (!children) return null;
  const tones = {
    danger: 'bg-danger/10 text-danger ring-danger/30',
    success: 'bg-success/10 text-success ring-success/30',
    info: 'bg-info/10 text-info ring-info/30',
  };
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={cn('rounded-lg px-3 py-2.5 text-sm ring-1 ring-inset', tones[tone])}>
      {children}
    </div>
  );
}

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
