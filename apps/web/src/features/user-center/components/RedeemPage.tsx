import { useQuery } from '@tanstack/react-query';
import type { Redemption } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { CaptchaField, useCaptcha } from '../../../ui/Captcha';
import { Card } from '../../../ui/Card';
import { CenterSection } from '../../../ui/CenterSection';
import { Pagination } from '../../../ui/Pagination';
import { FormAlert, TextField } from '../../../ui/TextField';
import { myCodesQuery, redeemStateQuery, redemptionsQuery } from '../api/redeem';
import { useRedeemCode } from '../api/redeemCode';
import { redeemProblem } from '../reasons';
import { pageCount, usePageParam } from '../../../lib/paging';

function Granted({ r }: { r: Redemption }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const g = r.goods;
  if (g.kind === 'sku' && g.sku) {
    return (
      <>
        {t('redeem.got_game', { name: localize(g.sku.sku_names) })}{' '}
        {r.order_id ? (
          <Link to={paths.orderComplete(r.order_id)} className="font-semibold text-accent hover:underline">
            {t('redeem.see_key')}
          </Link>
        ) : null}
      </>
    );
  }
  if (g.kind === 'coupon' && g.coupon)
    return (
      <>
        {t('redeem.got_coupon', { name: localize(g.coupon.title) })}{' '}
        <Link to={paths.coupons} className="font-semibold text-accent hover:underline">
          {t('nav.coupons')}
        </Link>
      </>
    );
  return <>{t('redeem.got_points', { count: g.points ?? 0 })}</>;
}

function History() {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = usePageParam();
  const q = useQuery(redemptionsQuery(page));
  if (!q.data || q.data.redeems.length === 0) return null;
  const pages = pageCount(q.data.meta);
  return (
    <Card className="mt-6">
      <h2 className="border-b border-ink-700 px-5 py-4 font-semibold text-fg">{t('redeem.history')}</h2>
      <ul className="divide-y divide-ink-700/70" data-testid="redeem-history">
        {q.data.redeems.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
            <span className="text-fg">
              <Granted r={r} />
            </span>
            <span className="text-xs text-subtle">
              ····{r.code_tail} · {formatDate(r.redeemed_at_timestamp, language)}
            </span>
          </li>
        ))}
      </ul>
      <Pagination className="py-3" page={page} pages={pages} hrefFor={(p) => (p > 1 ? `${paths.redeem}?page=${p}` : paths.redeem)} />
    </Card>
  );
}

/** Codes issued to me: an active one can be put into the form with one click. */
function MyCodes({ onUse }: { onUse: (code: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const q = useQuery(myCodesQuery);
  if (!q.data || q.data.codes.length === 0) return null;
  return (
    <Card className="mt-6">
      <h2 className="border-b border-ink-700 px-5 py-4 font-semibold text-fg">{t('redeem.my_codes')}</h2>
      <ul className="divide-y divide-ink-700/70" data-testid="my-codes">
        {q.data.codes.map((c) => {
          const g = c.goods;
          const what = g.kind === 'sku' && g.sku ? localize(g.sku.sku_names) : g.kind === 'coupon' && g.coupon ? localize(g.coupon.title) : t('redeem.points', { count: g.points ?? 0 });
          return (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-fg">{what}</p>
                <p className="text-xs text-subtle">
                  <code className="font-mono">{c.code}</code> · {t(`redeem.state_${c.state}`)}
                  {c.expires_at_timestamp ? ` · ${t('coupons.valid_until', { date: formatDate(c.expires_at_timestamp, language) })}` : ''}
                </p>
              </div>
              {c.state === 'active' ? (
                <Button size="sm" variant="secondary" onClick={() => onUse(c.code)}>
                  {t('redeem.use')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** /user_center/redeem: exchange a code (POST /api/redeem), with a captcha once the server asks for one. */
export function RedeemPage() {
  const { t } = useTranslation();
  const state = useQuery(redeemStateQuery);
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState('');
  const [askCaptcha, setAskCaptcha] = useState(false);
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const [done, setDone] = useState<Redemption | null>(null);
  const needCaptcha = askCaptcha || !!state.data?.need_captcha;
  const captcha = useCaptcha(needCaptcha);
  useDocumentTitle(t('nav.redeem'));

  const m = useRedeemCode({
    onSuccess: (r) => {
      setDone(r);
      setCode('');
      setAnswer('');
    },
    onError: (e) => {
      const p = redeemProblem(t, e);
      setProblem({ field: p.field, text: p.text });
      if (p.needCaptcha || (isApiError(e) && e.meta.need_captcha === true)) setAskCaptcha(true);
      if (needCaptcha || p.needCaptcha) {
        setAnswer('');
        captcha.refresh();
      }
    },
  });

  return (
    <CenterSection title={t('nav.redeem')} subtitle={t('redeem.subtitle')} testId="redeem-page">
      <Card className="p-5 sm:p-6">
        <form
          className="max-w-lg space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            setProblem(null);
            setDone(null);
            if (!code.trim()) {
              setProblem({ field: 'code', text: t('redeem.blank') });
              return;
            }
            if (needCaptcha && !answer.trim()) {
              setProblem({ field: 'captcha', text: t('redeem.need_captcha') });
              return;
            }
            m.mutate({ code: code.trim(), captcha: needCaptcha && captcha.id ? { captcha_id: captcha.id, captcha: answer.trim() } : undefined });
          }}
          noValidate
        >
          <TextField
            label={t('redeem.code')}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onFocus={() => problem?.field === 'code' && setProblem(null)}
            error={problem?.field === 'code' ? problem.text : null}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            placeholder="XXXX-XXXX-XXXX"
            className="font-mono tracking-wider"
            required
          />
          {needCaptcha ? <CaptchaField captcha={captcha} value={answer} onChange={setAnswer} error={problem?.field === 'captcha' ? problem.text : null} /> : null}
          {problem && problem.field === 'base' ? <FormAlert>{problem.text}</FormAlert> : null}
          {done ? (
            <div data-testid="redeem-success">
              <FormAlert tone="success">
                <span className="font-semibold">{t('redeem.success')}</span> <Granted r={done} />
              </FormAlert>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={m.isPending} data-testid="redeem-submit">
              {t('redeem.submit')}
            </Button>
            <Link to={paths.library} className={buttonClass('ghost')}>
              {t('nav.library')}
            </Link>
          </div>
        </form>
      </Card>
      <MyCodes onUse={(c) => (setCode(c), setProblem(null), setDone(null))} />
      <History />
    </CenterSection>
  );
}
