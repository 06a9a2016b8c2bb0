import { Avatar } from '../../components/ui/avatar.tsx';
import type { AuthUser } from '../session/session-store.ts';
import { phoneWithCode } from './phone-with-code.ts';

/** The signed-in shopper's photo, name and phone, as the sidebar and the mobile menu show them. */
export function UserBadge({ user, size, className }: { user: AuthUser; size: number; className: string }) {
  return (
    <div className={className}>
      <Avatar name={user.name} src={user.profile_photo} size={size} />
      <div className="min-w-0">
        <p dir="auto" className="truncate font-semibold text-slate-900">{user.name}</p>
        {user.phone && (
          <p className="truncate text-sm text-slate-600">
            <span dir="ltr">{phoneWithCode(user.phone, user.phone_code)}</span>
          </p>
        )}
      </div>
    </div>
  );
}
