import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { PasswordStrength } from './PasswordStrength';

afterAll(() => i18next.changeLanguage('en'));

describe('<PasswordStrength>', () => {
  it('shows nothing for an empty field', () => {
    const { container } = render(<PasswordStrength password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('rates a common password weak and a few unrelated words strong, in the page language', async () => {
    await i18next.changeLanguage('en');
    const { rerender } = render(<PasswordStrength password="Password1" />);
    expect(await screen.findByText('Strength: very weak')).toBeInTheDocument();
    rerender(<PasswordStrength password="Violet-Harbour-Lamp-73" />);
    expect(await screen.findByText('Strength: very strong')).toBeInTheDocument();
    await i18next.changeLanguage('zh-CN');
    rerender(<PasswordStrength password="Lantern2026" />);
    expect(await screen.findByText('强度：弱')).toBeInTheDocument();
  });
});
