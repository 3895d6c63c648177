import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { LanguageSwitch } from './LanguageSwitch';

beforeAll(() => i18next.changeLanguage('en'));
afterAll(() => i18next.changeLanguage('en'));

describe('<LanguageSwitch>', () => {
  it('writes out what it is in the phone menu, and its short form in the header', () => {
    const { unmount } = render(<LanguageSwitch labelled />);
    expect(screen.getByTestId('language-switch')).toHaveTextContent('Language: English');
    unmount();
    render(<LanguageSwitch />);
    expect(screen.getByTestId('language-switch')).toHaveTextContent(/^EN$/);
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
  });
});
