import { Link } from 'react-router';
import { cn } from './cn';

/** A one-step breadcrumb above a page's title: the link back to the area the page belongs to. */
export function CrumbNav({ label, to, text, className = 'mb-3' }: { label: string; to: string; text: string; className?: string }) {
  return (
    <nav aria-label={label} className={cn(className, 'text-sm text-muted')}>
      <Link to={to} className="hover:text-accent-strong">
        {text}
      </Link>
    </nav>
  );
}
