import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '../../client/lib/i18n.ts';
import { ConsoleDialog, DialogButtons } from './dialog.tsx';
import { Field, invalidProps, showServerErrors, textareaClass } from './form.tsx';

interface ReasonDialogProps {
  title: string;
  description: string;
  confirm: string;
  /** The contract's `{ reason }` body, checked before sending. */
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  /** What the decision is about, shown above the reason. */
  subject?: ReactNode;
  /** Sends the decision; the dialog closes when it resolves, and shows the server's refusal under the reason when it fails. */
  save(reason: string): Promise<unknown>;
  onClose(): void;
}

/** Asks for the reason of a decision others will read (a block, a hidden review) before making it. */
export function ReasonDialog({ title, description, confirm, schema, subject, save, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;
  const submit = form.handleSubmit(async ({ reason }) => {
    setBusy(true);
    try {
      await save(reason);
      onClose();
    } catch (failure) {
      showServerErrors(failure, form.setError, ['reason']);
    } finally {
      setBusy(false);
    }
  });
  return (
    <ConsoleDialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {subject}
        <Field id="decision-reason" label={t('Reason')} error={error}>
          <textarea {...form.register('reason')} {...invalidProps('decision-reason', error)} className={textareaClass} />
        </Field>
        <DialogButtons busy={busy} confirm={confirm} />
      </form>
    </ConsoleDialog>
  );
}
