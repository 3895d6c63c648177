import { useQuery } from '@tanstack/react-query';
import type { Coupon } from '@lantern/contract';
import { couponScopeLabel } from '@lantern/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { scopeOf } from '../../../lib/couponScope';
import { errorToText } from '../../../lib/errors';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { useSite } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { CaptchaField, useCaptcha } from '../../../ui/Captcha';
import { CenterSection } from '../../../ui/CenterSection';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/EmptyState';
import { TicketIcon } from '../../../ui/icons';
import { LinkTabs } from '../../../ui/LinkTabs';
import { Modal } from '../../../ui/Modal';
import { formatMoney, CouponFace } from '../../../ui/Money';
import { Pagination } from '../../../ui/Pagination';
import { Spinner } from '../../../ui/Spinner';
import { FormAlert, TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toastStore';
import { useClaimCoupon } from '../api/claimCoupon';
import { useClaimCouponByCode } from '../api/claimCouponByCode';
import { claimableCouponsQuery, myCouponsQuery, type CouponStateFilter } from '../api/coupons';
import { couponClaimProblem } from '../reasons';
import { listHref, pageCount, pageFromParam } from '../../../lib/paging';

type Tab = CouponStateFilter | 'claim';
const TABS: Tab[] = ['available', 'used', 'expired', 'claim'];

const href = (tab: Tab, page = 1) => listHref(paths.coupons, { tab: tab !== 'available' && tab, page: page > 1 && page });

/** A coupon as a ticket: its value on the left, the terms on the right, an action at the end. */
function CouponTicket({ coupon, muted, tag, action, testId, id }: { coupon: Coupon; muted?: boolean; tag?: string; action?: React.ReactNode; testId: string; id: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const site = useSite();
  return (
    <li className={cn('flex overflow-hidden rounded-[var(--radius-card)] ring-1 ring-inset', muted ? 'bg-ink-900/60 ring-ink-800' : 'bg-ink-850 ring-ink-700')} data-testid={testId} data-id={id}>
      <div className={cn('grid w-24 shrink-0 place-items-center border-r border-dashed px-2 py-4 text-center sm:w-28', muted ? 'border-ink-700 text-muted' : 'border-accent/40 bg-accent/10 text-accent')}>
        <CouponFace coupon={coupon} large />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
        <div className="min-w-0">
          <p className={cn('font-semibold', muted ? 'text-muted' : 'text-fg')}>
            {localize(coupon.title)}
            {tag ? <span className="ml-2 rounded bg-ink-800 px-1.5 py-0.5 text-[11px] font-semibold text-muted">{tag}</span> : null}
          </p>
          <p className="text-sm text-muted">
            {coupon.minimum_order > 0 ? t('coupons.minimum', { amount: formatMoney(coupon.minimum_order, site.currency, language) }) : t('coupons.no_minimum')}
            {` · ${t(`coupons.scope.${couponScopeLabel(scopeOf(coupon.apply_to))}`)}`}
          </p>
          <p className="text-xs text-subtle">{coupon.valid_until_timestamp ? t('coupons.valid_until', { date: formatDate(coupon.valid_until_timestamp, language) }) : t('coupons.no_end')}</p>
        </div>
        {action}
      </div>
    </li>
  );
}

function Mine({ state, page }: { state: CouponStateFilter; page: number }) {
  const { t } = useTranslation();
  const q = useQuery(myCouponsQuery(page, state));
  if (q.isPending) return <Spinner label={t('ui.loading')} className="text-muted" />;
  if (q.isError) return <FormAlert>{errorToText(t, q.error)}</FormAlert>;
  if (q.data.account_coupons.length === 0)
    return <EmptyState icon={<TicketIcon className="size-6" />} title={t(`coupons.empty_${state}`)} body={t('coupons.empty_body')} action={<Link to={href('claim')} className="text-accent hover:underline">{t('coupons.tab_claim')}</Link>} />;
  const pages = pageCount(q.data.meta);
  return (
    <>
      <ul className="space-y-3" data-testid="my-coupons">
        {q.data.account_coupons.map((c) => (
          <CouponTicket
            key={c.id}
            id={c.id}
            coupon={c.coupon}
            muted={state !== 'available'}
            tag={state === 'used' ? t('coupons.used_tag') : state === 'expired' ? t('coupons.expired_tag') : !c.available ? t('coupons.not_started') : undefined}
            testId="my-coupon"
            action={
              state === 'available' && c.available ? (
                <Link to={paths.cart} className="shrink-0 text-sm font-semibold text-accent hover:underline">
                  {t('coupons.use_now')}
                </Link>
              ) : c.order_id ? (
                <Link to={paths.order(c.order_id)} className="shrink-0 text-sm text-muted hover:text-fg">
                  {t('orders.number', { id: c.order_id })}
                </Link>
              ) : null
            }
          />
        ))}
      </ul>
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => href(state, p)} />
    </>
  );
}

type ClaimTarget = { kind: 'coupon'; coupon: Coupon & { received: boolean } } | { kind: 'code' };

/**
 * Claiming in a dialog: a listed coupon that wants a captcha (or its code), or any code coupon by its code
 * (POST /api/account_coupons, always with a captcha: the code is what a guesser would try).
 */
function ClaimDialog({ target, onClose }: { target: ClaimTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [askCaptcha, setAskCaptcha] = useState(false);
  const byCode = target.kind === 'code';
  const wantsCode = byCode || target.coupon.need_code;
  const needCaptcha = byCode || target.coupon.need_captcha || askCaptcha;
  const captcha = useCaptcha(needCaptcha);
  const callbacks = {
    onSuccess: () => {
      toast.success(t('coupons.claimed'));
      onClose();
      // A code coupon is never in the claim list: show it where it now is.
      if (byCode) navigate(href('available'));
    },
    onError: (e: unknown) => {
      const p = couponClaimProblem(t, e);
      setProblem(p.text);
      if (p.needCaptcha) setAskCaptcha(true);
      if (p.captchaWrong || needCaptcha) {
        setAnswer('');
        captcha.refresh();
      }
    },
  };
  const listed = useClaimCoupon(callbacks);
  const named = useClaimCouponByCode(callbacks);
  const claim = () => {
    const solved = needCaptcha && captcha.id ? { captcha_id: captcha.id, captcha: answer.trim() } : {};
    if (target.kind === 'code') named.mutate({ code: code.trim(), ...solved });
    else listed.mutate({ couponId: target.coupon.id, input: { ...(wantsCode ? { code: code.trim() } : {}), ...solved } });
  };
  const pending = listed.isPending || named.isPending;
  const title = byCode ? t('coupons.code_title') : wantsCode ? t('coupons.claim_title') : t('coupons.captcha_claim_title');
  const help = byCode
    ? t('coupons.code_help')
    : wantsCode
      ? t('coupons.claim_code_help')
      : t('coupons.captcha_claim_help', { title: localize(target.coupon.title) });
  return (
    <Modal open onOpenChange={(o) => (!o ? onClose() : undefined)} title={title} description={help} size="sm">
      <form
        className="space-y-4"
        data-testid="claim-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          setProblem(null);
          claim();
        }}
      >
        {wantsCode ? (
          <TextField label={t('coupons.code')} name="code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={64} required />
        ) : null}
        {needCaptcha ? <CaptchaField captcha={captcha} value={answer} onChange={setAnswer} /> : null}
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <Button type="submit" block loading={pending} data-testid="claim-submit">
          {t('coupons.claim')}
        </Button>
      </form>
    </Modal>
  );
}

/** The way in for a code coupon, above the claimable list. */
function HaveCode({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] border border-dashed border-ink-600 bg-ink-900/60 px-4 py-3" data-testid="coupon-code-entry">
      <div className="min-w-0">
        <p className="font-semibold text-fg">{t('coupons.have_code')}</p>
        <p className="text-sm text-muted">{t('coupons.have_code_body')}</p>
      </div>
      <Button size="sm" variant="secondary" onClick={onOpen} data-testid="coupon-code-open">
        {t('coupons.enter_code')}
      </Button>
    </div>
  );
}

function Claimable({ page }: { page: number }) {
  const { t } = useTranslation();
  const q = useQuery(claimableCouponsQuery(page));
  const [dialog, setDialog] = useState<ClaimTarget | null>(null);
  const claim = useClaimCoupon({
    onSuccess: () => toast.success(t('coupons.claimed')),
    onError: (e) => toast.fail(couponClaimProblem(t, e).text),
  });
  const claiming = claim.isPending ? claim.variables?.couponId : null;
  const codeEntry = (
    <>
      <HaveCode onOpen={() => setDialog({ kind: 'code' })} />
      {dialog ? <ClaimDialog key={dialog.kind === 'code' ? 'code' : dialog.coupon.id} target={dialog} onClose={() => setDialog(null)} /> : null}
    </>
  );
  if (q.isPending) return <Spinner label={t('ui.loading')} className="text-muted" />;
  if (q.isError) return <FormAlert>{errorToText(t, q.error)}</FormAlert>;
  if (q.data.coupons.length === 0)
    return (
      <>
        {codeEntry}
        <EmptyState icon={<TicketIcon className="size-6" />} title={t('coupons.none_claimable')} body={t('coupons.none_claimable_body')} />
      </>
    );
  const pages = pageCount(q.data.meta);
  return (
    <>
      {codeEntry}
      <ul className="space-y-3" data-testid="claimable-coupons">
        {q.data.coupons.map((c) => (
          <CouponTicket
            key={c.id}
            id={c.id}
            coupon={c}
            testId="claimable-coupon"
            tag={c.left_amount > 0 ? t('coupons.left', { count: c.left_amount }) : undefined}
            action={
              c.received ? (
                <span className="shrink-0 text-sm font-semibold text-success" data-testid="coupon-received">
                  {t('coupons.received')}
                </span>
              ) : (
                <Button size="sm" className="shrink-0" loading={claiming === c.id} onClick={() => (c.need_code || c.need_captcha ? setDialog({ kind: 'coupon', coupon: c }) : claim.mutate({ couponId: c.id }))} data-testid="coupon-claim">
                  {t('coupons.claim')}
                </Button>
              )
            }
          />
        ))}
      </ul>
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => href('claim', p)} />
    </>
  );
}

/** /user_center/coupons: coupons I hold by state (newest first) and coupons I can claim. */
export function CouponsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'available';
  const page = pageFromParam(params.get('page'));
  useDocumentTitle(t('nav.coupons'));
  return (
    <CenterSection title={t('nav.coupons')} subtitle={t('coupons.subtitle')} testId="coupons-page">
      <LinkTabs tabs={TABS.map((k) => ({ key: k, label: t(`coupons.tab_${k}`), to: href(k) }))} active={tab} label={t('coupons.tabs')} className="mb-5" />
      {tab === 'claim' ? <Claimable page={page} /> : <Mine state={tab} page={page} />}
    </CenterSection>
  );
}
