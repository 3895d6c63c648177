/**
 * The icons of the page frame (header, footer, menus): part of every first page. The other icons live in
 * icons.tsx, which re-exports these, so a page's code carries only the icons it draws.
 */
import type { ReactElement, SVGProps } from 'react';
import { jsxs } from 'react/jsx-runtime';

/**
 * An icon: the 24-unit outline drawing every icon shares around the icon's own shapes, taking an `<svg>`'s props
 * (a caller's own props win). Every outline icon is made here, so each stays one line. The shapes are the svg's
 * static children (`jsxs`, as JSX with fixed children compiles to: no keys), and `@__PURE__` at each call lets the
 * build drop the icons no page draws.
 */
export const icon =
  (...shapes: ReactElement[]) =>
  (p: SVGProps<SVGSVGElement>) =>
    jsxs('svg', {
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 1.8,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      'aria-hidden': true,
      ...p,
      children: shapes,
    });

export const SearchIcon = /* @__PURE__ */ icon(<circle cx="11" cy="11" r="7" />, <path d="M20 20l-3.5-3.5" />);
export const CartIcon = /* @__PURE__ */ icon(<path d="M3 4h2l2.2 10.5a2 2 0 0 0 2 1.5h7.6a2 2 0 0 0 2-1.6L20 8H6.2" />, <circle cx="10" cy="20" r="1.3" />, <circle cx="17" cy="20" r="1.3" />);
export const BellIcon = /* @__PURE__ */ icon(<path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4 3.5V17h.5A2.5 2.5 0 0 1 4 14.5z" />, <path d="M8.5 9.5h7M8.5 12.5h4.5" />);
export const MenuIcon = /* @__PURE__ */ icon(<path d="M4 7h16M4 12h16M4 17h16" />);
export const GlobeIcon = /* @__PURE__ */ icon(<circle cx="12" cy="12" r="9" />, <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />);
export const UserIcon = /* @__PURE__ */ icon(<circle cx="12" cy="8" r="4" />, <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />);
export const ChevronDown = /* @__PURE__ */ icon(<path d="M6 9l6 6 6-6" />);
export const LanternMark = (p: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" {...p}>
    <defs>
      <linearGradient id="lantern-g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#ffcf6b" />
        <stop offset="1" stopColor="#f0781e" />
      </linearGradient>
    </defs>
    <rect x="13" y="2.5" width="6" height="3" rx="1" fill="#f5a524" />
    <path d="M16 5.5c-6 0-10 4.2-10 10s4 10 10 10 10-4.2 10-10-4-10-10-10z" fill="url(#lantern-g)" />
    <path d="M16 5.5c-2.6 2.6-3.8 6-3.8 10s1.2 7.4 3.8 10c2.6-2.6 3.8-6 3.8-10s-1.2-7.4-3.8-10z" fill="none" stroke="#7a3306" strokeOpacity=".45" strokeWidth="1.2" />
    <rect x="12" y="25" width="8" height="2.5" rx="1" fill="#f5a524" />
    <path d="M16 27.5v3" stroke="#f5a524" strokeWidth="1.4" strokeLinecap="round" />
  </svg>
);
