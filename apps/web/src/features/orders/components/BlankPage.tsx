import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { buttonClass } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { clearHandoff, readHandoff } from '../blank';

let submitted: string | null = null;

/**
 * /blank (docs/product/screens.md#blank): takes the payment url and signed form data the checkout left in this tab and submits
 * them to the gateway at once. Nothing to submit (a reload after leaving): back to the orders.
 */
export function BlankPage() {
  const { t } = useTranslation();
  const [handoff] = useState(readHandoff);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!handoff || !form.current) return;
    const id = JSON.stringify(handoff.data);
    if (submitted === id) return;
    submitted = id;
    clearHandoff();
    form.current.submit();
  }, [handoff]);

  if (!handoff)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center" data-testid="blank-page">
        <p className="text-lg font-semibold text-fg">{t('pay.blank_nothing')}</p>
        <Link to={paths.orders} className={buttonClass('primary')}>
          {t('orders.my_orders')}
        </Link>
      </div>
    );
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center" data-testid="blank-page" role="status">
      <Spinner className="text-accent [&_svg]:size-8" />
      <p className="text-lg font-semibold text-fg">{t('pay.redirecting')}</p>
      <form ref={form} action={handoff.url} method={handoff.method} className="flex flex-col items-center gap-3">
        {Object.entries(handoff.data).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="text-sm text-muted">{t('pay.redirecting_body')}</p>
        <button type="submit" className={buttonClass('secondary')}>
          {t('pay.continue')}
        </button>
      </form>
    </div>
  );
}
