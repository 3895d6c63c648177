import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-accent text-accent-ink hover:bg-accent-strong shadow-[0_6px_20px_-8px_rgb(245_165_36/0.6)] disabled:bg-ink-700 disabled:text-muted disabled:shadow-none',
  secondary: 'bg-ink-800 text-fg ring-1 ring-inset ring-ink-600 hover:bg-ink-700 disabled:text-subtle',
  ghost: 'text-muted hover:bg-ink-800 hover:text-fg disabled:text-subtle',
  danger: 'bg-danger/15 text-danger ring-1 ring-inset ring-danger/40 hover:bg-danger/25',
  link: 'text-accent underline-offset-4 hover:underline px-0! h-auto!',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm rounded-lg gap-1.5',
  md: 'h-10 px-4 text-sm rounded-lg gap-2',
  lg: 'h-12 px-6 text-base rounded-xl gap-2',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', block = false) {
  return cn(
    'inline-flex select-none items-center justify-center font-semibold whitespace-nowrap transition-colors duration-150 disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    block && 'w-full',
  );
}

export function Button({ variant = 'primary', size = 'md', loading, block, className, children, disabled, type, ref, ...rest }: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={cn(buttonClass(variant, size, block), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
