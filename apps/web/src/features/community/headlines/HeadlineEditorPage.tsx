import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HEADLINE_ITEMS_MAX, HEADLINE_SUMMARY_MAX, HEADLINE_TITLE_MAX, isDraftEditable, roleCan } from '@lantern/domain';
import type { HeadlineDraft, SkuSummary } from '@lantern/contract';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { useSite } from '../../../lib/site';
import { useDebounced } from '../../../lib/useDebounced';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ImageUploadButton } from '../../../ui/ImageUploadButton';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Spinner } from '../../../ui/Spinner';
import { FormAlert } from '../../../ui/TextField';
import { toast } from '../../../ui/toastStore';
import { RichText } from '../components/RichText';
import { useHeadlineDraft, useSaveHeadlineDraft } from './api/drafts';
import { useHeadlinePage, useSkuSearch, useSkusByIds } from './api/headlines';
import { searchMentions, type MentionUsers } from '../../../lib/mentions';
import { queryKeys } from '../../../lib/query-keys';

// TipTap is heavy: fetched with this page only.
const RichTextEditor = lazy(() => import('../components/RichTextEditor'));

const inputClass = 'w-full rounded-lg bg-ink-900 px-3 py-2 text-fg ring-1 ring-ink-700 focus:outline-none focus:ring-2 focus:ring-accent';

/** The games picker: search this site's SKUs (per 30), add up to the limit; the first added is the selected SKU unless another is chosen. */
function GamePicker({ games, onAdd }: { games: readonly number[]; onAdd: (sku: SkuSummary) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const found = useSkuSearch(debounced);
  return (
    <div>
      <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('headlines.editor.search_games')} aria-label={t('headlines.editor.search_games')} className={inputClass} data-testid="headline-game-search" />
      {found.isFetching ? <Spinner className="mt-2" /> : null}
      {found.data && debounced.trim() ? (
        <ul className="mt-2 max-h-60 divide-y divide-ink-700 overflow-y-auto rounded-lg ring-1 ring-ink-700">
          {found.data.skus.length === 0 ? <li className="p-2 text-sm text-muted">{t('headlines.editor.no_games')}</li> : null}
          {found.data.skus.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-2 p-2 text-sm">
              <span className="truncate text-fg">{pickText(s.sku_names, language)}</span>
              <Button size="sm" variant="secondary" disabled={games.includes(s.id) || games.length >= HEADLINE_ITEMS_MAX} onClick={() => onAdd(s)} data-testid="headline-game-add">
                {games.includes(s.id) ? t('headlines.editor.added') : t('headlines.editor.add')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A radio piece's hosts (accounts found by nickname, as @mentions are) and its attachment (one of the editor's
 * uploads). Shown for a radio section, or when a draft already has them.
 */
function RadioFields({ hosts, names, onHosts, attachment, onAttachment, editable }: { hosts: number[]; names: Record<number, string>; onHosts: (ids: number[]) => void; attachment: string | null; onAttachment: (url: string | null) => void; editable: boolean }) {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState('');
  const [known, setKnown] = useState<Record<number, string>>(names);
  const debounced = useDebounced(prefix, 300);
  const found: MentionUsers = useQuery({ queryKey: queryKeys.community.mentions(debounced), queryFn: () => searchMentions(debounced), enabled: debounced.trim() !== '' }).data ?? [];
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg p-3 ring-1 ring-ink-700" disabled={!editable} data-testid="headline-radio-fields">
      <legend className="px-1 text-sm font-medium text-fg">{t('headlines.editor.radio')}</legend>
      {hosts.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {hosts.map((id) => (
            <li key={id} className="flex items-center gap-1 rounded-full bg-ink-800 px-3 py-1 text-sm text-fg">
              {known[id] ?? `#${id}`}
              {editable ? <button type="button" className="text-muted hover:text-fg" aria-label={t('headlines.editor.remove')} onClick={() => onHosts(hosts.filter((h) => h !== id))}>×</button> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <>
          <input type="search" value={prefix} onChange={(e) => setPrefix(e.target.value)} placeholder={t('headlines.editor.find_host')} aria-label={t('headlines.editor.find_host')} className={inputClass} />
          {found.length > 0 && prefix.trim() ? (
            <ul className="flex flex-wrap gap-2">
              {found.filter((u) => !hosts.includes(u.id)).slice(0, 8).map((u) => (
                <li key={u.id}>
                  <Button size="sm" variant="secondary" onClick={() => { setKnown({ ...known, [u.id]: u.nickname }); onHosts([...hosts, u.id]); setPrefix(''); }}>+ {u.nickname}</Button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <span>{t('headlines.editor.attachment')}</span>
        {attachment ? <a href={attachment} target="_blank" rel="noreferrer" className="text-accent underline">{t('headlines.editor.attachment_open')}</a> : null}
        {editable ? <ImageUploadButton onUploaded={(r) => onAttachment(r.url)} /> : null}
        {editable && attachment ? <Button size="sm" variant="ghost" onClick={() => onAttachment(null)}>{t('headlines.editor.remove')}</Button> : null}
      </div>
    </fieldset>
  );
}

/** The form, once the draft (or a blank one) is known. */
function DraftForm({ draft }: { draft: HeadlineDraft | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const site = useSite();
  const sections = useHeadlinePage(null).data?.sections ?? [];
  const save = useSaveHeadlineDraft();
  const [sectionId, setSectionId] = useState<number | null>(draft?.section_id ?? null);
  const [title, setTitle] = useState(draft?.title ?? '');
  const [summary, setSummary] = useState(draft?.summary ?? '');
  const [content, setContent] = useState(draft?.content ?? '');
  const [cover, setCover] = useState<string | null>(draft?.cover_url ?? null);
  const [games, setGames] = useState<{ id: number; name: string }[]>(() => (draft?.items ?? []).filter((i) => i.area === site.area).map((i) => ({ id: i.game_id, name: `#${i.game_id}` })));
  const [skuId, setSkuId] = useState<number | null>(draft?.sku_id ?? null);
  const [error, setError] = useState<string | null>(null);
  const otherSiteItems = (draft?.items ?? []).filter((i) => i.area !== site.area);
  const [hosts, setHosts] = useState<number[]>(draft?.radio.account_ids ?? []);
  const [attachment, setAttachment] = useState<string | null>(draft?.radio.attachment ?? null);
  const radio = sections.find((s) => s.id === sectionId)?.category === 'radio';
  // A saved draft names its games by id: their names come in one batch call.
  const savedNames = useSkusByIds(games.filter((g) => g.name.startsWith('#')).map((g) => g.id)).data?.skus;
  const nameOf = (g: { id: number; name: string }) => {
    const found = savedNames?.find((s) => s.id === g.id);
    return found ? pickText(found.sku_names, language) : g.name;
  };
  const editable = draft === null || isDraftEditable(draft.status);

  const submit = (send: boolean) => {
    setError(null);
    const fields = {
      section_id: sectionId, title, summary, content, cover_url: cover, sku_id: skuId, radio: { account_ids: hosts, attachment },
      items: [...games.map((g) => ({ area: site.area, game_id: g.id })), ...otherSiteItems],
      ...(send ? { submit: true } : {}),
    };
    save.mutate({ id: draft?.id ?? null, fields }, {
      onSuccess: (saved) => {
        toast.success(t(send ? 'headlines.editor.submitted' : 'headlines.editor.saved'));
        void navigate(send ? paths.headlineDrafts : paths.headlineDraftEdit(saved.id), { replace: true });
      },
      onError: (e) => setError(errorToText(t, e)),
    });
  };

  return (
    <form className="mt-6 flex flex-col gap-5" onSubmit={(e) => { e.preventDefault(); submit(false); }} data-testid="headline-editor">
      {draft?.status === 'rejected' && draft.reject_reason ? <FormAlert>{t('headlines.editor.rejected_because', { reason: draft.reject_reason })}</FormAlert> : null}
      {!editable ? <p role="status" className="rounded-lg bg-info/10 p-3 text-sm text-info ring-1 ring-info/30">{t(`headlines.status_note_${draft!.status}`)}</p> : null}
      <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
        {t('headlines.editor.section')}
        <select value={sectionId ?? ''} onChange={(e) => setSectionId(e.target.value ? Number(e.target.value) : null)} className={inputClass} disabled={!editable} data-testid="headline-section">
          <option value="">{t('headlines.editor.choose_section')}</option>
          {sections.map((s) => <option key={s.id} value={s.id}>{s.parent_id ? '— ' : ''}{pickText(s.name, language)}</option>)}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
        {t('headlines.editor.title')}
        <input value={title} maxLength={HEADLINE_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} className={`${inputClass} text-lg font-semibold`} disabled={!editable} data-testid="headline-title" />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
        {t('headlines.editor.summary')}
        <textarea value={summary} maxLength={HEADLINE_SUMMARY_MAX} rows={2} onChange={(e) => setSummary(e.target.value)} className={inputClass} disabled={!editable} data-testid="headline-summary" />
      </label>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-fg">{t('headlines.editor.cover')}</span>
        {cover ? <img src={cover} alt="" className="aspect-video w-full max-w-md rounded-lg object-cover ring-1 ring-ink-700" data-testid="headline-cover-preview" /> : null}
        {editable ? (
          <div className="flex flex-wrap items-center gap-2">
            <ImageUploadButton onUploaded={(r) => setCover(r.url)} />
            {cover ? <Button size="sm" variant="ghost" onClick={() => setCover(null)}>{t('headlines.editor.remove_cover')}</Button> : null}
          </div>
        ) : null}
      </div>
      <div>
        <Suspense fallback={<div className="grid h-72 place-items-center rounded-lg ring-1 ring-ink-700"><Spinner /></div>}>
          {editable ? <RichTextEditor initialHtml={content} onChange={setContent} label={t('headlines.editor.body')} /> : <RichText html={content} className="rounded-lg p-3 ring-1 ring-ink-700" />}
        </Suspense>
        <p className="mt-1 text-xs text-subtle">{t('uploads.hint')}</p>
      </div>
      {radio || hosts.length > 0 || attachment ? <RadioFields hosts={hosts} names={Object.fromEntries((draft?.radio.accounts ?? []).map((a) => [a.id, a.nickname]))} onHosts={setHosts} attachment={attachment} onAttachment={setAttachment} editable={editable} /> : null}
      <fieldset className="flex flex-col gap-2" disabled={!editable}>
        <legend className="mb-1 text-sm font-medium text-fg">{t('headlines.editor.games', { max: HEADLINE_ITEMS_MAX })}</legend>
        {games.length > 0 ? (
          <ul className="flex flex-col gap-1" data-testid="headline-picked-games">
            {games.map((g) => (
              <li key={g.id} className="flex items-center gap-2 rounded-lg bg-ink-900 px-3 py-2 text-sm ring-1 ring-ink-700">
                <label className="flex flex-1 items-center gap-2 text-fg">
                  <input type="radio" name="selected-sku" checked={skuId === g.id} onChange={() => setSkuId(g.id)} className="accent-[var(--color-accent)]" />
                  <span className="truncate">{nameOf(g)}</span>
                  {skuId === g.id ? <span className="text-xs text-accent">{t('headlines.editor.main_game')}</span> : null}
                </label>
                <Button size="sm" variant="ghost" onClick={() => { setGames(games.filter((x) => x.id !== g.id)); if (skuId === g.id) setSkuId(null); }}>{t('headlines.editor.remove')}</Button>
              </li>
            ))}
          </ul>
        ) : null}
        {editable ? <GamePicker games={games.map((g) => g.id)} onAdd={(s) => { setGames([...games, { id: s.id, name: pickText(s.sku_names, language) }]); if (skuId === null) setSkuId(s.id); }} /> : null}
      </fieldset>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {editable ? (
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" loading={save.isPending} data-testid="headline-save">{t('headlines.editor.save')}</Button>
          <Button onClick={() => submit(true)} loading={save.isPending} data-testid="headline-submit">{t('headlines.editor.submit')}</Button>
          <Link to={paths.headlineDrafts} className={buttonClass('ghost')}>{t('headlines.editor.back')}</Link>
        </div>
      ) : <Link to={paths.headlineDrafts} className={buttonClass('secondary')}>{t('headlines.editor.back')}</Link>}
    </form>
  );
}

/** /headlines/drafts/new and /headlines/drafts/{id}/edit: an editor writes an article (docs/product/headlines.md#drafts). */
export function HeadlineEditorPage() {
  const { t } = useTranslation();
  const param = useParams().id;
  const id = param && /^\d{1,12}$/.test(param) ? Number(param) : null;
  const me = useMe();
  const draft = useHeadlineDraft(id);
  useDocumentTitle(t(id ? 'headlines.editor.edit_title' : 'headlines.editor.new_title'));
  if (me.isPending || (id !== null && draft.isPending)) return <LoadingBlock />;
  if (!me.data || !roleCan(me.data.role, 'api_all_headline')) {
    return <EmptyState className="my-16" title={t('headlines.editors_only_title')} body={t('headlines.editors_only_body')} action={<Link to={paths.headlines} className={buttonClass('secondary')}>{t('headlines.title')}</Link>} />;
  }
  if (id !== null && draft.isError) return <LoadFailed error={draft.error} onRetry={() => draft.refetch()} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="headline-editor-page">
      <h1 className="text-2xl font-black tracking-tight text-fg">{t(id ? 'headlines.editor.edit_title' : 'headlines.editor.new_title')}</h1>
      <DraftForm key={draft.data?.id ?? 'new'} draft={id === null ? null : (draft.data ?? null)} />
    </div>
  );
}
