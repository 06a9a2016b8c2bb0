import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Dropdown, dropdownItemClass } from '../../../components/ui/dropdown.tsx';
import { GridIcon, LockIcon, LogOutIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useAuth } from '../../session/session-store.ts';

/** The user menu's entries; the desktop dropdown and the mobile menu list the same ones. */
export function AccountLinks({ className, onLogout }: { className: string; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/dashboard" className={className}>
        <GridIcon className="size-5 shrink-0" />
        {t('Dashboard')}
      </Link>
      <Link to="/change-password" className={className}>
        <LockIcon className="size-5 shrink-0" />
        {t('Change Password')}
      </Link>
      <button type="button" onClick={onLogout} className={className}>
        <LogOutIcon className="size-5 shrink-0 rtl:rotate-180" />
        {t('Log Out')}
      </button>
    </>
  );
}

export function LoginButton({ className, onChoose }: { className: string; onChoose?: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => {
        onChoose?.();
        useAuth.getState().openDialog('login');
      }}
      className={className}
    >
      <UserIcon className="size-5 shrink-0" />
      {t('Login')}
    </button>
  );
}

/** The main bar's account control: Login for visitors, the user menu for a signed-in shopper. */
export function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  if (!user) {
    return (
      <LoginButton className="flex items-center gap-2 rounded-lg bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700" />
    );
  }
  return (
    <Dropdown
      align="end"
      buttonClassName="p-1 pe-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-primary-700"
      trigger={
        <>
          <Avatar name={user.name} src={user.profile_photo} size={32} />
          <span className="sr-only">{t('My Account')}</span>
          <span dir="auto" className="hidden max-w-32 truncate text-sm font-medium lg:inline">{user.name}</span>
        </>
      }
    >
      <AccountLinks className={dropdownItemClass} onLogout={onLogout} />
    </Dropdown>
  );
}
