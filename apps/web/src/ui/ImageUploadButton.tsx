import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '@lantern/contract';
import { UPLOAD_ACCEPT, uploadErrorText, uploadImage, type UploadOptions, type UploadPurpose } from '../lib/uploads';
import { Button } from './Button';

export interface ImageUploadButtonProps {
  purpose?: UploadPurpose;
  /** The stored image: `url` is what an editor inserts. */
  onUploaded: (result: UploadResult) => void;
  disabled?: boolean;
  className?: string;
  /**
   * Where the formats-and-size hint goes: next to the button, or read to screen readers only (a toolbar has no
   * room for it; the host shows it elsewhere).
   */
  hint?: 'visible' | 'screen-reader';
  /** The button's words when idle; "Add image" unless the host names what the image is for. */
  label?: string;
  /** Tests replace the upload itself. */
  upload?: (file: File, options: UploadOptions) => Promise<UploadResult>;
}

type State = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'error'; message: string };

/**
 * "Add image": picks one image, uploads it with a progress bar, and says what went wrong in the page's
 * language (docs/product/errors.md). A real button opens the file picker (keyboard and screen readers reach it), the
 * progress is a labelled progressbar, and errors are announced.
 */
export function ImageUploadButton({ purpose = 'post', onUploaded, disabled, className, hint = 'visible', label, upload = uploadImage }: ImageUploadButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    setState({ kind: 'uploading', percent: 0 });
    try {
      const result = await upload(file, { purpose, onProgress: (f) => setState({ kind: 'uploading', percent: Math.round(f * 100) }) });
      setState({ kind: 'idle' });
      onUploaded(result);
    } catch (error) {
      setState({ kind: 'error', message: uploadErrorText(t, error) });
    }
  };

  const uploading = state.kind === 'uploading';
  return (
    <div className={className}>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" loading={uploading} disabled={disabled} aria-describedby={hintId} onClick={() => input.current?.click()}>
          {uploading ? t('uploads.uploading', { percent: state.percent }) : state.kind === 'error' ? t('uploads.retry') : (label ?? t('uploads.choose'))}
        </Button>
        <span id={hintId} className={hint === 'visible' ? 'text-xs text-muted' : 'sr-only'}>{t('uploads.hint')}</span>
        <input ref={input} type="file" accept={UPLOAD_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={picked} data-testid="image-upload-input" />
      </div>
      {uploading ? (
        <div role="progressbar" aria-label={t('uploads.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={state.percent} className="mt-2 h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-ink-700">
          <div className="h-full bg-accent transition-[width]" style={{ width: `${state.percent}%` }} />
        </div>
      ) : null}
      {state.kind === 'error' ? (
        <p role="alert" className="mt-2 text-sm text-danger">{state.message}</p>
      ) : null}
    </div>
  );
}
