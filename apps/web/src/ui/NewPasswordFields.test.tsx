import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '../i18n';
import { NewPasswordFields } from './NewPasswordFields';

beforeAll(() => i18next.changeLanguage('en'));
afterAll(() => i18next.changeLanguage('en'));

type Values = { email: string; password: string; password_confirmation: string };

function Form({ onValid, layout }: { onValid: (v: Values) => void; layout?: 'stacked' | 'side-by-side' }) {
  const form = useForm<Values>({ defaultValues: { email: '', password: '', password_confirmation: '' } });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <NewPasswordFields form={form} layout={layout} />
      <button type="submit">Save</button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('<NewPasswordFields>', () => {
  it('asks for a new password with the rule as its hint and a confirmation, both for the browser to fill', () => {
    render(<Form onValid={() => {}} />);
    const password = screen.getByLabelText('New password', { exact: false });
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(/At least 8 characters/);
    expect(screen.getByLabelText('Confirm password', { exact: false })).toHaveAttribute('autocomplete', 'new-password');
  });

  it('refuses a confirmation that differs from the password, and clears the refusal once it is typed again', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    type('New password', 'lantern-2026');
    type('Confirm password', 'lantern-2025');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Doesn't match the password")).toBeVisible();
    expect(onValid).not.toHaveBeenCalled();

    type('Confirm password', 'lantern-2026');
    expect(screen.queryByText("Doesn't match the password")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith(expect.objectContaining({ password: 'lantern-2026', password_confirmation: 'lantern-2026' }), expect.anything()));
  });

  it('applies the password rule before anything is sent (side by side, as sign-up lays it out)', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} layout="side-by-side" />);
    type('New password', 'short');
    type('Confirm password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByLabelText('New password', { exact: false })).toHaveAttribute('aria-invalid', 'true'));
    expect(onValid).not.toHaveBeenCalled();
  });
});
