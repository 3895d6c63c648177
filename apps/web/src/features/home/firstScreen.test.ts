import { afterEach, describe, expect, it } from 'vitest';
import { firstScreenPainted } from './firstScreen';

afterEach(() => document.querySelector('[data-first-screen]')?.remove());

describe('firstScreenPainted', () => {
  it('does not wait on a page without a server-drawn first screen', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('a task later'), 0);
    await firstScreenPainted();
    order.push('ready');
    expect(order).toEqual(['ready']);
  });

  it('waits for the first screen to be painted, but never long', async () => {
    const shell = document.createElement('main');
    shell.setAttribute('data-first-screen', '');
    shell.innerHTML = '<img src="/never-loads.svg" alt="">';
    document.body.append(shell);
    const started = performance.now();
    await firstScreenPainted(document, { image: 50, frame: 50 });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
