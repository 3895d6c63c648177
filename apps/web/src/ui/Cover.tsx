import { cn } from './cn';

/** The shapes the server draws (GET /media/covers/{seed}.svg?shape=…) and their intrinsic sizes. */
export const COVER_SIZES = {
  vertical: { width: 600, height: 800, aspect: 'aspect-[3/4]' },
  horizontal: { width: 920, height: 430, aspect: 'aspect-[92/43]' },
  banner: { width: 1920, height: 640, aspect: 'aspect-[3/1]' },
} as const;
export type CoverShape = keyof typeof COVER_SIZES;

export interface CoverProps {
  src: string;
  shape: CoverShape;
  alt?: string;
  /** Above the fold: load at once (and, for the first banner, first). Otherwise lazily. */
  priority?: 'high' | 'eager' | 'lazy';
  className?: string;
}

/** Cover art, always sized (width/height and an aspect box) so nothing shifts while it loads. */
export function Cover({ src, shape, alt = '', priority = 'lazy', className }: CoverProps) {
  const size = COVER_SIZES[shape];
  return (
    <img
      src={src}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      decoding={priority === 'high' ? 'sync' : 'async'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      className={cn('block w-full bg-ink-800 object-cover', size.aspect, className)}
    />
  );
}
