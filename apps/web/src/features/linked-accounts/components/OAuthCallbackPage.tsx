import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { PageSpinner } from '../../../ui/Spinner';
import { useFinishOAuthLink } from '../api/linkedAccounts';

/**
 * /oauth/{wechat|weibo}/callback: where WeChat or Weibo send the browser back with `code` and `state`; posts them to
 * POST /api/bind_wechat (or bind_weibo) once, then goes to the linked-accounts page with the result.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const { kind = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishOAuthLink();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if ((kind !== 'wechat' && kind !== 'weibo') || !code || !state) {
      navigate(`${paths.linkedAccounts}?link_error=state:invalid`, { replace: true });
      return;
    }
    finish.mutate({ kind, code, state }, {
      onSuccess: () => navigate(`${paths.linkedAccounts}?bound=${kind}`, { replace: true }),
      onError: (error) => {
        const [field, reasons] = isApiError(error) ? (Object.entries(error.errors)[0] ?? ['base', ['invalid']]) : ['base', ['invalid']];
        navigate(`${paths.linkedAccounts}?link_error=${field}:${reasons[0]}`, { replace: true });
      },
    });
  }, [kind, params, navigate, finish]);

  return <PageSpinner label={t('linked_accounts.finishing')} />;
}
