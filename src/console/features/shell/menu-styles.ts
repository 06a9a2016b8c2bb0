/** The top bar's menus: a quiet trigger, a floating panel, and items that show where the keyboard is. */
export const menuTriggerClass =
  'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-700';
export const menuContentClass = 'z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg';
export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-primary-50 data-[state=checked]:font-semibold';
