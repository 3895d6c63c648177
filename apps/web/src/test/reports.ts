import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { toast } from '../ui/toastStore';

/**
 * In the report dialog that has just opened (named `title`, quoting `quote` when given), picks `reason` and sends
 * it; waits for the thank-you toast.
 */
export async function sendReport(user: UserEvent, { title, quote, reason }: { title: string; quote?: string; reason: string }) {
  const success = vi.spyOn(toast, 'success');
  const dialog = await screen.findByRole('dialog', { name: title });
  if (quote) expect(dialog).toHaveTextContent(quote);
  await user.click(within(dialog).getByRole('radio', { name: reason }));
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  await waitFor(() => expect(success).toHaveBeenCalledWith('Reported. Thank you, staff will look at it.'));
}
