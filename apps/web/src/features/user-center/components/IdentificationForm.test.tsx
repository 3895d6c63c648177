import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { IdentificationForm } from './IdentificationForm';

// A valid resident ID number (check character computed by ISO 7064 MOD 11-2).
const VALID_ID = '11010519491231002X';

function setup(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <IdentificationForm onDone={onDone} />
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    name: screen.getByLabelText(/Real name/),
    code: screen.getByLabelText(/ID number/),
    onDone,
  };
}

describe('IdentificationForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates a field when it is left and clears its error when it is focused again', async () => {
    const { user, name, code } = setup();
    await user.click(name);
    await user.type(name, '   ');
    await user.tab(); // leave the name: blank after trimming
    expect(await screen.findByText("Real name can't be blank")).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.click(name); // focus clears the error
    expect(screen.queryByText("Real name can't be blank")).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.click(code);
    await user.type(code, '110105194912310021'); // wrong check character
    await user.tab();
    expect(await screen.findByText('The ID number is not valid')).toBeInTheDocument();
    await user.click(code);
    expect(screen.queryByText('The ID number is not valid')).not.toBeInTheDocument();
    await user.clear(code);
    await user.type(code, VALID_ID);
    await user.tab();
    expect(screen.queryByText('The ID number is not valid')).not.toBeInTheDocument();
  });

  it('does not show an error before a field has been left', async () => {
    const { user, name } = setup();
    await user.click(name);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('submits name and number and shows server rejections with the remaining attempts', async () => {
    const f = mockFetch({
      'POST /api/identification': [{ status: 422, body: { errors: { base: ['failed'] }, meta: { daily_remaining: 4, total_remaining: 19 } } }],
    });
    const { user, name, code, onDone } = setup();
    await user.type(name, ' 张三 ');
    await user.type(code, VALID_ID.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The name and ID number do not match. (4 attempts left today, 19 in total)')).toBeInTheDocument();
    expect(f.calls[0]!.body).toEqual({ identification: { name: '张三', code: VALID_ID } });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('puts a server field error under its field, and focusing that field clears it', async () => {
    mockFetch({ 'POST /api/identification': [{ status: 422, body: { errors: { code: ['taken'] }, meta: { daily_remaining: 3, total_remaining: 18 } } }] });
    const { user, name, code } = setup();
    await user.type(name, '李四');
    await user.type(code, VALID_ID);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const msg = 'This ID number is already verified on another account (3 attempts left today, 18 in total)';
    expect(await screen.findByText(msg)).toBeInTheDocument();
    await user.click(code);
    expect(screen.queryByText(msg)).not.toBeInTheDocument();
  });

  it('does not call the server while a field is invalid', async () => {
    const f = mockFetch({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText("Real name can't be blank")).toBeInTheDocument();
    expect(screen.getByText("ID number can't be blank")).toBeInTheDocument();
    expect(f.calls).toHaveLength(0);
  });

  it('calls onDone after a successful identification', async () => {
    mockFetch({ 'POST /api/identification': [{ status: 200, body: { ok: true } }], 'GET /api/me': [{ status: 200, body: { id: 1 } }] });
    const { user, name, code, onDone } = setup();
    await user.type(name, '王五');
    await user.type(code, VALID_ID);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});
