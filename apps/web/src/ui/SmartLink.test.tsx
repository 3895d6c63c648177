import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SmartLink } from './SmartLink';

/** The href the link renders with, the render undone after. */
const hrefOf = (to: string) => {
  const { unmount } = render(<MemoryRouter><SmartLink to={to} data-testid="link">go</SmartLink></MemoryRouter>);
  const href = screen.getByTestId('link').getAttribute('href');
  unmount();
  return href;
};

describe('<SmartLink>', () => {
  it('routes a path of this site in the app and opens an http(s) address as a plain link', () => {
    expect(hrefOf('/sku/12?from=home')).toBe('/sku/12?from=home');
    expect(hrefOf('https://store.example/page')).toBe('https://store.example/page');
  });

  it('makes no link of another host spelled as a path, or of a script', () => {
    for (const to of ['//evil.example/x', '/\\evil.example', '/%09/evil.example', 'javascript:alert(1)', 'data:text/html,x']) {
      expect(hrefOf(to), to).toBeNull();
    }
  });
});
