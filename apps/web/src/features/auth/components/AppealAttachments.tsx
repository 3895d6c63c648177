import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '@lantern/contract';
import { APPEAL_MAX_ATTACHMENTS, GUEST_UPLOAD_MAX_BYTES, GUEST_UPLOAD_MIMES } from '@lantern/domain';
import { UploadError, uploadErrorText, uploadImage, type UploadOptions } from '../../../lib/uploads';
import { Button } from '../../../ui/Button';
import { fetchAttachmentUploadToken } from '../api/appeals';

export interface Attachment {
  url: string;
  thumb: string;
}

export interface AppealAttachmentsProps {
  /** The appeal form's signature: what allows a guest to upload its attachments. */
  signature: string | undefined;
  value: Attachment[];
  onChange: (next: Attachment[]) => void;
  /** A refusal the filing answered (`over_limit`, `invalid`), shown under the pictures. */
  error?: string | null;
  /** Tests replace the upload itself. */
  upload?: (file: File, options: UploadOptions) => Promise<UploadResult>;
}

const attachmentOf = (result: UploadResult): Attachment => ({
  url: result.url,
  thumb: result.sizes.find((s) => s.name === 'thumb')?.url ?? result.url,
});

/**
 * The appeal form's pictures (docs/product/engagement.md#guest-uploads): screenshots of a purchase, a photo of an
 * ID. Someone who lost the account has no session, so each upload's token is bought with the form's signature.
 * Up to five, each previewed with a remove button; the picker closes at the limit and says so.
 */
export function AppealAttachments({ signature, value, onChange, error, upload = uploadImage }: AppealAttachmentsProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= APPEAL_MAX_ATTACHMENTS;

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!signature || files.length === 0) return;
    setProblem(null);
    const room = APPEAL_MAX_ATTACHMENTS - value.length;
    if (files.length > room) setProblem(t('appeals.attachments_over_limit', { count: APPEAL_MAX_ATTACHMENTS }));
    let next = value;
    for (const file of files.slice(0, room)) {
      try {
        if (file.size > GUEST_UPLOAD_MAX_BYTES) throw new UploadError('too_large', 413);
        setBusy(0);
        const result = await upload(file, { fetchToken: () => fetchAttachmentUploadToken(signature), onProgress: (f) => setBusy(Math.round(f * 100)) });
        next = [...next, attachmentOf(result)];
        onChange(next);
      } catch (err) {
        setProblem(err instanceof UploadError && err.failure === 'too_large' ? t('appeals.attachments_too_large') : uploadErrorText(t, err));
        break;
      }
    }
    setBusy(null);
  };

  const shown = error ?? problem;
  return (
    <fieldset className="flex flex-col gap-3" data-testid="appeal-attachments">
      <legend className="mb-1 text-sm font-semibold text-fg">{t('appeals.attachments')}</legend>
      <p className="text-xs text-muted">{t('appeals.attachments_hint', { count: APPEAL_MAX_ATTACHMENTS })}</p>
      {value.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {value.map((a, i) => (
            <li key={a.url} className="relative overflow-hidden rounded-lg bg-ink-800 ring-1 ring-ink-700">
              <img src={a.thumb} alt={t('appeals.attachment_alt', { n: i + 1 })} className="aspect-square w-full object-cover" loading="lazy" />
              <button
                type="button"
                onClick={() => { setProblem(null); onChange(value.filter((x) => x.url !== a.url)); }}
                className="absolute right-1 top-1 rounded-full bg-ink-900/85 px-2 py-0.5 text-xs font-semibold text-fg ring-1 ring-ink-600 hover:bg-red-600"
                aria-label={t('appeals.attachment_remove', { n: i + 1 })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" loading={busy !== null} disabled={!signature || full} onClick={() => input.current?.click()}>
          {busy !== null ? t('uploads.uploading', { percent: busy }) : t('appeals.attachments_add')}
        </Button>
        <span className="text-xs text-muted">{full ? t('appeals.attachments_full', { count: APPEAL_MAX_ATTACHMENTS }) : t('appeals.attachments_count', { n: value.length, count: APPEAL_MAX_ATTACHMENTS })}</span>
        <input
          ref={input}
          type="file"
          multiple
          accept={GUEST_UPLOAD_MIMES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={picked}
          data-testid="appeal-attachment-input"
        />
      </div>
      {shown ? <p role="alert" className="text-sm text-danger">{shown}</p> : null}
    </fieldset>
  );
}
