import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { buttonClass } from './Button';

/** "My orders" as a secondary button: the way on from a payment's outcome or the wallet. */
export function MyOrdersLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.orders} className={buttonClass('secondary')}>
      {t('orders.my_orders')}
    </Link>
  );
}
