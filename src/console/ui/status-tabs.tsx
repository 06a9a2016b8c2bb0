import { useRef, type KeyboardEvent } from 'react';

interface StatusTabsProps<Value extends string> {
  label: string;
  tabs: ReadonlyArray<{ value: Value; label: string }>;
  selected: Value;
  onSelect(value: Value): void;
  /** The id of the panel the tabs control. */
  panelId: string;
}

/** Tabs (WAI-ARIA): one tab stop, arrow keys move in the reading direction, Home and End jump; more than fit scroll sideways in their row. */
export function StatusTabs<Value extends string>({ label, tabs, selected, onSelect, panelId }: StatusTabsProps<Value>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : step === undefined ? -1 : (index + step + tabs.length) % tabs.length;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next]!.value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} onKeyDown={move} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={`tab-${tab.value}`}
          aria-selected={tab.value === selected}
          aria-controls={panelId}
          tabIndex={tab.value === selected ? 0 : -1}
          onClick={() => onSelect(tab.value)}
          className="-mb-px shrink-0 border-b-2 border-transparent px-4 whitespace-nowrap py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-700 aria-selected:border-primary-700 aria-selected:text-primary-800"
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
