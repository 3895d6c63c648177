import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickText, useLanguage } from '../../../lib/localize';
import { useDebounced } from '../../../lib/useDebounced';
import { Cover } from '../../../ui/Cover';
import { Price } from '../../../ui/Price';
import { gameSuggestionsQuery, type GameSuggestion } from '../api/gameSuggestions';

/** Share a game: type a name, pick one of the search suggestions; it is sent as a game card with its live price. */
export function GamePicker({ onPick, disabled }: { onPick: (game: GameSuggestion) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword.trim(), 250);
  const suggestions = useQuery(gameSuggestionsQuery(debounced));
  const games = debounced ? (suggestions.data?.suggestions ?? []) : [];
  return (
    <div className="rounded-lg bg-ink-900 p-3 ring-1 ring-ink-600" data-testid="game-picker">
      <label htmlFor="share-game" className="text-sm font-semibold text-fg">{t('conversations.share_game')}</label>
      <input
        id="share-game"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={t('conversations.share_game_placeholder')}
        className="mt-2 h-10 w-full rounded-lg bg-ink-850 px-3 text-fg ring-1 ring-ink-600 focus:outline-none focus:ring-accent"
        data-testid="share-game-input"
      />
      {games.length > 0 ? (
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto" data-testid="share-game-suggestions">
          {games.map((game) => (
            <li key={game.id}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onPick(game)}
                className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-ink-800 disabled:opacity-50"
                data-testid="share-game-option"
              >
                <span className="w-20 shrink-0 overflow-hidden rounded"><Cover src={game.cover} shape="horizontal" /></span>
                <span className="min-w-0 flex-1 truncate text-sm text-fg">{pickText(game.name, language)}</span>
                <Price listPrice={game.sale_price} salePrice={game.sale_price} currency={game.currency} size="sm" />
              </button>
            </li>
          ))}
        </ul>
      ) : debounced && suggestions.isSuccess ? (
        <p className="mt-2 text-sm text-muted">{t('conversations.no_games')}</p>
      ) : null}
    </div>
  );
}
