import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '../i18n';
import { CopyableValue } from './CopyableValue';

beforeAll(() => i18next.changeLanguage('en'));
afterAll(() => i18next.changeLanguage('en'));

describe('<CopyableValue>', () => {
  it('shows the value under its label and copies it with a button that names what it copies', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyableValue label="My invite code" value="LANTERN42" kind="code" testId="invite-code" />);
    expect(screen.getByText('My invite code')).toBeVisible();
    expect(screen.getByTestId('invite-code')).toHaveTextContent('LANTERN42');

    const button = screen.getByTestId('copy-invite-code');
    expect(button).toHaveAccessibleName('Copy My invite code');
    fireEvent.click(button);
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('LANTERN42'));
    expect(await screen.findByText('Copied')).toBeVisible();
  });
});
