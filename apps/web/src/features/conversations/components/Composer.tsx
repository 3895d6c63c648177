import { PRIVATE_MESSAGE_MAX_LENGTH } from '@lantern/domain';
import type { SendPrivateMessageResponse } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toastStore';
import { useSendMessage } from '../api/sendMessage';
import { GamePicker } from './GamePicker';
import { sendRefusalText } from './sendRefusal';

/** Writes to `targetId`: words (Enter sends, Shift+Enter breaks the line) or a game picked from the suggestions. */
export function Composer({ targetId, onSent }: { targetId: number; onSent?: (sent: SendPrivateMessageResponse) => void }) {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [sharing, setSharing] = useState(false);
  const length = [...text.trim()].length;
  const submit = (message: { kind: 'text' | 'game'; content: string; sku_id?: number }) =>
    send.mutate({ target_id: targetId, private_message: message }, {
      onSuccess: (sent) => {
        if (message.kind === 'text') setText('');
        setSharing(false);
        toast.success(t('conversations.send_success'));
        onSent?.(sent);
      },
      onError: (e) => toast.fail(sendRefusalText(t, e)),
    });
  const onSend = () => {
    if (length > 0 && length <= PRIVATE_MESSAGE_MAX_LENGTH) submit({ kind: 'text', content: text });
  };
  return (
    <div className="space-y-3 rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700" data-testid="composer">
      {sharing ? <GamePicker disabled={send.isPending} onPick={(game) => submit({ kind: 'game', content: '', sku_id: game.id })} /> : null}
      <label htmlFor="message-text" className="sr-only">{t('conversations.placeholder')}</label>
      <textarea
        id="message-text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSend();
          }
        }}
        rows={3}
        placeholder={t('conversations.placeholder')}
        className="w-full resize-y rounded-lg bg-ink-900 p-3 text-fg ring-1 ring-ink-600 focus:outline-none focus:ring-accent"
        data-testid="message-text"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => setSharing((s) => !s)} aria-expanded={sharing} data-testid="share-game-toggle">
            {t(sharing ? 'conversations.share_game_close' : 'conversations.share_game')}
          </Button>
          <span className={length > PRIVATE_MESSAGE_MAX_LENGTH ? 'text-sm text-danger' : 'text-sm text-subtle'}>{length}/{PRIVATE_MESSAGE_MAX_LENGTH}</span>
        </div>
        <Button size="sm" loading={send.isPending} disabled={length === 0 || length > PRIVATE_MESSAGE_MAX_LENGTH} onClick={onSend} data-testid="message-send">
          {t('conversations.send')}
        </Button>
      </div>
    </div>
  );
}
