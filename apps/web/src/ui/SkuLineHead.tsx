import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { cn } from './cn';

/**
 * The start of a row about one game bought (an order's line, a key): its picture or icon, the game's name linking
 * to its page, and under the name what the row says about it (`children`).
 */
export function SkuLineHead({ icon, skuId, name, nameClassName, children }: { icon: ReactNode; skuId: number | string; name: string; nameClassName?: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      {icon}
      <div className="min-w-0">
        <Link to={paths.sku(skuId)} className={cn('font-semibold text-fg hover:text-accent-strong', nameClassName)}>
          {name}
        </Link>
        {children}
      </div>
    </div>
  );
}
