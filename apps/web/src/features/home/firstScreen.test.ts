import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenPainted } from './firstScreen';

afterEach(() => {
  vi.useRealTimers();
  document.querySelector('[data-first-screen]')?.remove();
});

describe('firstScreenPainted', () => {
  it('does not wait on a page without a server-drawn first screen', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('a task later'), 0);
    await firstScreenPainted();
    order.push('ready');
    expect(order).toEqual(['ready']);
  });

  it('waits for the banner of the first screen, but no longer than its budget', async () => {
    vi.useFakeTimers();
    const shell = document.createElement('main');
    shell.setAttribute('data-first-screen', '');
    shell.innerHTML = '<img src="/never-loads.svg" alt="">';
    document.body.append(shell);
    let painted = false;
    const waiting = firstScreenPainted(document, { image: 50, frame: 50 }).then(() => (painted = true));
    await vi.advanceTimersByTimeAsync(49);
    expect(painted).toBe(false);
    // The banner's budget runs out, then a frame is painted (or its own budget runs out): the app goes on.
    await vi.advanceTimersByTimeAsync(1 + 50);
    await waiting;
    expect(painted).toBe(true);
  });
});
