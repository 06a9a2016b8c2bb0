/** Button looks shared by links and buttons: white text only on primary-700 or darker (contrast). */
export const buttonClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 disabled:cursor-not-allowed';
export const primaryButtonClass = `${buttonClass} bg-primary-700 text-white hover:bg-primary-800 disabled:bg-slate-300 disabled:text-slate-700`;
/** A quiet text action (clear filters, clear search). */
export const textButtonClass =
  'text-sm font-medium text-primary-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700';
export const secondaryButtonClass = `${buttonClass} border border-slate-300 bg-white text-slate-800 hover:border-primary-700 hover:text-primary-800 disabled:border-slate-200 disabled:text-slate-500`;
/** The second action beside a primary one (Add to Cart beside Buy Now): outlined in the primary colour. */
export const outlineButtonClass = `${buttonClass} border border-primary-700 bg-white text-primary-800 hover:bg-primary-50 disabled:border-slate-200 disabled:text-slate-500`;
