import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { finishLauncherSignIn, LauncherLoginSuccessPage } from './LauncherLoginSuccessPage';

describe('the game launcher\'s sign-in success page', () => {
  it('reloads the window that opened it and closes itself', () => {
    const reload = vi.fn();
    const close = vi.fn();
    const win = { opener: { closed: false, location: { reload } }, top: null, close };
    expect(finishLauncherSignIn(win)).toBe('opener');
    expect(reload).toHaveBeenCalledOnce();
    expect(close).toHaveBeenCalledOnce();
  });

  it('reloads the top window when shown in a frame without an opener', () => {
    const reload = vi.fn();
    const win = { opener: null, top: { location: { reload } }, close: vi.fn() };
    expect(finishLauncherSignIn(win)).toBe('top');
    expect(reload).toHaveBeenCalledOnce();
    expect(win.close).not.toHaveBeenCalled();
  });

  it('does nothing when it is the top window itself, so it never reloads forever', () => {
    const win: Parameters<typeof finishLauncherSignIn>[0] = { opener: null, top: null, close: vi.fn() };
    win.top = win as unknown as { location: { reload(): void } };
    expect(finishLauncherSignIn(win)).toBe('none');
  });

  it('renders nothing', () => {
    const { container } = render(<LauncherLoginSuccessPage />);
    expect(container.textContent).toBe('');
  });
});
