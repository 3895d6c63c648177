import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '@lantern/contract';
import { i18next } from '../i18n';
import { UploadError, type UploadOptions } from '../lib/uploads';
import { ImageUploadButton } from './ImageUploadButton';

beforeAll(() => i18next.changeLanguage('en'));
afterAll(() => i18next.changeLanguage('en'));

const pick = (name = 'cat.png') => {
  const input = screen.getByTestId('image-upload-input');
  fireEvent.change(input, { target: { files: [new File(['x'], name, { type: 'image/png' })] } });
};

describe('<ImageUploadButton>', () => {
  it('is a labelled button that offers images only', () => {
    render(<ImageUploadButton onUploaded={() => {}} />);
    expect(screen.getByRole('button', { name: 'Add image' })).toHaveAccessibleDescription('PNG, JPEG, WebP or GIF, up to 4 MB');
    expect(screen.getByTestId('image-upload-input')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
  });

  it('shows progress while uploading, then hands over the stored image', async () => {
    let finish: (r: UploadResult) => void = () => {};
    const upload = vi.fn((_file: File, options: UploadOptions) => {
      options.onProgress?.(0.4);
      return new Promise<UploadResult>((resolve) => { finish = resolve; });
    });
    const onUploaded = vi.fn();
    render(<ImageUploadButton purpose="review" onUploaded={onUploaded} upload={upload} />);
    pick();
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button')).toHaveTextContent('Uploading… 40%');
    expect(upload.mock.calls[0]![1].purpose).toBe('review');
    finish({ url: '/uploads/u/1/post/a/original.png' } as UploadResult);
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ url: '/uploads/u/1/post/a/original.png' })));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('announces a failure in the page\'s language and offers to try again', async () => {
    const upload = vi.fn(async () => { throw new UploadError('format_invalid', 400); });
    render(<ImageUploadButton onUploaded={() => {}} upload={upload} />);
    pick('script.png');
    expect(await screen.findByRole('alert')).toHaveTextContent('Format error: choose a PNG, JPEG, WebP or GIF image');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
