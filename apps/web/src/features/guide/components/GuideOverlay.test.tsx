import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Me } from '@lantern/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { useGuideState, resetGuideState } from '../../../lib/guideStore';
import GuideOverlay, { placeTooltip } from './GuideOverlay';

const me = { id: 42, nickname: 'Player000042', configs: [] } as unknown as Me;

function Where() {
  const l = useLocation();
  const g = useGuideState();
  return <output data-testid="where" data-menu={String(g.menuOpen)} data-prompt={String(g.promptAfter)}>{l.pathname + l.search}</output>;
}

function renderGuide() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <GuideOverlay me={me} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
beforeEach(() => {
  resetGuideState();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const where = () => screen.getByTestId('where');
const next = () => fireEvent.click(screen.getByTestId('guide-next'));

describe('GuideOverlay', () => {
  it('walks ten steps: 4 goes to the subjects, 7 to the own profile, 8 opens the menu and 9 closes it', () => {
    renderGuide();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Welcome to Lantern');
    expect(screen.getByTestId('guide-progress')).toHaveTextContent('Step 1 of 10');
    expect(screen.getByRole('dialog')).toHaveFocus();
    next();
    expect(where()).toHaveTextContent('/community');
    next();
    next();
    expect(where()).toHaveTextContent('/home?type=subject');
    next();
    next();
    expect(where()).toHaveTextContent(/^\/home$/);
    next();
    expect(where()).toHaveTextContent('/users/42');
    expect(where()).toHaveAttribute('data-menu', 'false');
    next();
    expect(screen.getByTestId('guide')).toHaveAttribute('data-step', '8');
    expect(where()).toHaveAttribute('data-menu', 'true');
    next();
    expect(where()).toHaveAttribute('data-menu', 'false');
    next();
    expect(screen.getByTestId('guide')).toHaveAttribute('data-step', '10');
    expect(screen.getByTestId('guide-progress')).toHaveTextContent('Step 10 of 10');
    expect(screen.getByTestId('guide-next')).toHaveTextContent('Finish');
    next();
    // Finished: saved for the account, back to /home, and the account prompts may open their popup.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/me/guide');
    expect(init.method).toBe('PATCH');
    expect(where()).toHaveTextContent(/^\/home$/);
    expect(where()).toHaveAttribute('data-prompt', 'true');
  });

  it('skips with Escape, from any step', () => {
    renderGuide();
    next();
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(where()).toHaveTextContent(/^\/home$/);
    expect(where()).toHaveAttribute('data-prompt', 'true');
  });

  it('keeps Tab inside the dialog and makes the page behind inert', () => {
    document.body.innerHTML = '<div id="root"></div>';
    renderGuide();
    expect(document.getElementById('root')).toHaveAttribute('inert');
    const skip = screen.getByTestId('guide-skip');
    const nextButton = screen.getByTestId('guide-next');
    nextButton.focus();
    fireEvent.keyDown(nextButton, { key: 'Tab' });
    expect(skip).toHaveFocus();
    fireEvent.keyDown(skip, { key: 'Tab', shiftKey: true });
    expect(nextButton).toHaveFocus();
  });
});

describe('placeTooltip', () => {
  const phone = { width: 390, height: 844 };
  const size = { width: 374, height: 180 };
  it('puts the tooltip below the highlight, inside a phone screen', () => {
    const p = placeTooltip({ top: 10, left: 300, width: 40, height: 40 }, size, phone);
    expect(p.top).toBe(62);
    expect(p.left).toBeGreaterThanOrEqual(8);
    expect(p.left + size.width).toBeLessThanOrEqual(390 - 8);
  });
  it('puts it above a target near the bottom, and pins it to the bottom when neither fits', () => {
    expect(placeTooltip({ top: 700, left: 10, width: 100, height: 100 }, size, phone).top).toBe(700 - 12 - 180);
    expect(placeTooltip({ top: 60, left: 0, width: 390, height: 700 }, size, phone).top).toBe(844 - 180 - 8);
  });
  it('centres it when the step points at nothing', () => {
    expect(placeTooltip(null, size, { width: 1366, height: 768 })).toEqual({ top: (768 - 180) / 2, left: (1366 - 374) / 2 });
  });
});
