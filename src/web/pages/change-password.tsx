import { PageHeading } from '../components/ui/page-heading.tsx';
import { PasswordForm } from '../features/account/password-form.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function ChangePassword() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t('Change Password')} />
      <PasswordForm />
    </section>
  );
}
