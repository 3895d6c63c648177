import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router';

/** Merchandising links from the API: a site path ("/sku/1", "/search?…") routes in the app, anything else is a plain link. */
export function SmartLink({ to, ...rest }: Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { to: string }) {
  if (to.startsWith('/') && !to.startsWith('//')) return <Link to={to} {...rest} />;
  return <a href={to} rel="noopener noreferrer" {...rest} />;
}
