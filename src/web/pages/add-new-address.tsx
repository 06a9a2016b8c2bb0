import { Link, useNavigate } from 'react-router';
import { secondaryButtonClass } from '../../client/ui/button-styles.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { AddressForm } from '../features/account/address-form.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function AddNewAddress() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section>
      <PageHeading title={t('Add New Address')} />
      <AddressForm
        onSaved={() => void navigate('/manage-address')}
        secondaryAction={
          <Link to="/manage-address" className={secondaryButtonClass}>
            {t('Cancel')}
          </Link>
        }
      />
    </section>
  );
}
