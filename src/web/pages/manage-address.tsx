import { Link } from 'react-router';
import { primaryButtonClass } from '../../client/ui/button-styles.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { AddressList, newAddressPath } from '../features/account/address-list.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function ManageAddress() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t('Manage Address')}>
        <Link to={newAddressPath} className={primaryButtonClass}>
          {t('Add New Address')}
        </Link>
      </PageHeading>
      <AddressList />
    </section>
  );
}
