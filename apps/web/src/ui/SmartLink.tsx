import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router';
import { isSameOriginPath } from '@lantern/domain';

/**
 * Merchandising links from the API: a path of this site ("/sku/1", "/search?…") routes in the app, an http(s)
 * address or a fragment is a plain link, and anything else (`javascript:`, `//host`, `/\host`) is no link at all.
 */
export function SmartLink({ to, ...rest }: Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { to: string }) {
  // Asked of a copy: the guard would otherwise narrow `to` to nothing on the lines after it.
  const sitePath: unknown = to;
  if (isSameOriginPath(sitePath)) return <Link to={sitePath} {...rest} />;
  if (/^https?:\/\/[^/\\]/i.test(to) || to.startsWith('#')) return <a href={to} rel="noopener noreferrer" {...rest} />;
  return <a {...rest} />;
}
