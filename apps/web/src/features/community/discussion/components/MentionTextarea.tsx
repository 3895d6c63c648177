import { useId, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mentionPrefix } from '@lantern/domain';
import { queryKeys } from '../../../../lib/query-keys';
import { useDebounced } from '../../../../lib/useDebounced';
import { cn } from '../../../../ui/cn';
import { searchMentions } from '../../../../lib/mentions';

/** An @ that starts a word, and what was typed after it, right before the caret. */
const MENTION_AT_CARET = /(?:^|\s)@([^\s@]+)$/;
/** Suggestions wait for the writer to pause, so typing a name asks once, not once per letter. */
const SUGGEST_DELAY_MS = 200;

/** The nickname prefix being typed at the caret, when it is one worth searching (`mentionPrefix`). */
export function mentionPrefixAt(text: string, caret: number): string | null {
  const typed = MENTION_AT_CARET.exec(text.slice(0, caret))?.[1];
  return typed === undefined ? null : mentionPrefix(typed);
}

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  value: string;
  onChange: (text: string) => void;
  /** Suggestions are for signed-in writers only (the call answers 401 to a guest). */
  suggest: boolean;
}

/**
 * A comment or reply box with @mention autocomplete (docs/product/community.md#mentions): typing `@` and the
 * start of a nickname lists matching accounts (GET /api/prefix_search); a click, Enter or Tab puts
 * `@nickname ` in the text, which the server turns into a link to the user's page.
 */
export function MentionTextarea({ value, onChange, suggest, className, ...rest }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(value.length);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const typed = mentionPrefixAt(value, caret);
  const prefix = useDebounced(typed, SUGGEST_DELAY_MS);
  const asking = suggest && prefix !== null && prefix === typed && dismissed !== typed;
  const found = useQuery({ queryKey: queryKeys.community.mentions(prefix ?? ''), queryFn: () => searchMentions(prefix ?? ''), enabled: asking, staleTime: 30_000 });
  const users = asking ? (found.data ?? []) : [];
  const open = users.length > 0;

  const pick = (nickname: string) => {
    if (typed === null) return;
    const start = caret - typed.length - 1;
    const next = `${value.slice(0, start)}@${nickname} ${value.slice(caret)}`;
    const at = start + nickname.length + 2;
    onChange(next);
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : users.length - 1)) % users.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(users[Math.min(active, users.length - 1)]!.nickname);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDismissed(typed);
    }
  };

  return (
    <div className="relative">
      <textarea
        {...rest}
        ref={box}
        value={value}
        // A textarea keeps its textbox role (a combobox role is not allowed on it); these are what a textbox may carry.
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${Math.min(active, users.length - 1)}` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        className={className}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label={t('discussion.mention_list')} data-testid="mention-list"
          className="absolute left-2 top-full z-20 mt-1 max-h-60 min-w-48 overflow-auto rounded-lg bg-ink-850 py-1 shadow-xl ring-1 ring-ink-600">
          {users.map((user, i) => (
            <li key={user.id} id={`${listId}-${i}`} role="option" aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(user.nickname);
              }}
              className={cn('cursor-pointer px-3 py-1.5 text-sm', i === active ? 'bg-accent/20 text-fg' : 'text-muted hover:bg-ink-800')}>
              @{user.nickname}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
