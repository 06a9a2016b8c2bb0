import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { ConsolePage } from '../navigation/console-navigation.ts';
import { paletteSearchQuery, type PaletteSearchSource } from './palette-search.ts';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The pages this person may open. */
  pages: readonly ConsolePage[];
  /** The record searches this person may use. */
  sources: readonly PaletteSearchSource[];
}

const itemClass = 'cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-primary-50 data-[selected=true]:text-primary-900';
const groupClass = '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500';

/** ⌘K: go to any page the person may open by typing part of its name (in the console's language or in English). */
export function CommandPalette({ open, onOpenChange, pages, sources }: CommandPaletteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const searched = useDeferredValue(text.trim());

  const openPath = (path: string) => {
    onOpenChange(false);
    setText('');
    void navigate(path);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-4 top-[12vh] mx-auto max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="sr-only">{t('Command palette')}</Dialog.Title>
          <Command label={t('Command palette')} loop>
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder={t('Go to a page…')}
              className="w-full border-b border-slate-200 px-4 py-3 text-base outline-none placeholder:text-slate-500"
            />
            <Command.List className="max-h-[60vh] overflow-y-auto p-2">
              <Command.Empty className="px-3 py-6 text-center text-sm text-slate-600">{t('Nothing matches.')}</Command.Empty>
              <Command.Group heading={t('Go to')} className={groupClass}>
                {pages.map((page) => (
                  <Command.Item key={page.id} value={t(page.labelKey)} keywords={[page.labelKey]} onSelect={() => openPath(page.path)} className={itemClass}>
                    {t(page.labelKey)}
                  </Command.Item>
                ))}
              </Command.Group>
              {sources.map((source) => (
                <SearchResults key={source.id} source={source} text={searched} onOpen={openPath} />
              ))}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One source's records for the typed text, as the server found them (not filtered again here). */
function SearchResults({ source, text, onOpen }: { source: PaletteSearchSource; text: string; onOpen(path: string): void }) {
  const { t } = useTranslation();
  const results = useQuery(paletteSearchQuery(source, text));
  if (!results.data?.length) return null;
  return (
    <Command.Group heading={t(source.labelKey)} forceMount className={groupClass}>
      {results.data.map((record) => (
        <Command.Item key={record.id} value={`${source.id}:${record.id}`} forceMount onSelect={() => onOpen(record.path)} className={itemClass}>
          {record.label}
        </Command.Item>
      ))}
    </Command.Group>
  );
}
