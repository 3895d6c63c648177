import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '@lantern/contract';
import { APPEAL_MAX_ATTACHMENTS, GUEST_UPLOAD_MAX_BYTES } from '@lantern/domain';
import { i18next } from '../../../i18n';
import type { UploadOptions } from '../../../lib/uploads';
import { AppealAttachments, type Attachment } from './AppealAttachments';

beforeAll(() => i18next.changeLanguage('en'));
afterAll(() => i18next.changeLanguage('en'));

let uploaded = 0;
const stored = (): UploadResult => {
  const n = ++uploaded;
  return {
    url: `/uploads/g/${'a'.repeat(24)}/appeal/${n}/original.png`,
    sizes: [{ name: 'thumb', url: `/uploads/g/${'a'.repeat(24)}/appeal/${n}/thumb.png`, width: 10, height: 10, bytes: 10 }],
  } as UploadResult;
};

function Host({ upload, initial = [] }: { upload: (file: File, options: UploadOptions) => Promise<UploadResult>; initial?: Attachment[] }) {
  const [value, setValue] = useState<Attachment[]>(initial);
  return <AppealAttachments signature="sig" value={value} onChange={setValue} upload={upload} />;
}

const pick = (files: File[]) => fireEvent.change(screen.getByTestId('appeal-attachment-input'), { target: { files } });
const file = (name = 'shot.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('<AppealAttachments>', () => {
  it('uploads with a token bought by the form\'s signature and previews each picture with a remove button', async () => {
    const upload = vi.fn(async (_f: File, _o: UploadOptions) => stored());
    render(<Host upload={upload} />);
    pick([file('a.png'), file('b.png')]);
    expect(await screen.findByRole('img', { name: 'Picture 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picture 1' }).getAttribute('src')).toMatch(/thumb\.png$/);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(typeof upload.mock.calls[0]![1].fetchToken).toBe('function');
    expect(screen.getByText('2 of 5')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    expect(screen.queryByRole('img', { name: 'Picture 2' })).toBeNull();
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
  });

  it(`stops at ${APPEAL_MAX_ATTACHMENTS} and says the rest were not added`, async () => {
    const upload = vi.fn(async () => stored());
    render(<Host upload={upload} />);
    pick(Array.from({ length: APPEAL_MAX_ATTACHMENTS + 2 }, (_, i) => file(`${i}.png`)));
    expect(await screen.findByRole('alert')).toHaveTextContent('An appeal takes at most 5 pictures; the rest were not added.');
    await vi.waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(APPEAL_MAX_ATTACHMENTS));
    expect(upload).toHaveBeenCalledTimes(APPEAL_MAX_ATTACHMENTS);
    expect(screen.getByRole('button', { name: 'Add pictures' })).toBeDisabled();
    expect(screen.getByText('That is the limit: 5 pictures. Remove one to add another.')).toBeInTheDocument();
  });

  it('refuses a picture over 3 MB before sending it', async () => {
    const upload = vi.fn(async () => stored());
    render(<Host upload={upload} />);
    pick([file('big.png', GUEST_UPLOAD_MAX_BYTES + 1)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This picture is over 3 MB');
    expect(upload).not.toHaveBeenCalled();
  });
});
