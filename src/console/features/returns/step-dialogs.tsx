import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '../../../client/lib/api-client.ts';
import { ConsoleDialog, DialogButtons } from '../../ui/dialog.tsx';
import { Field, invalidProps, textareaClass } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';

/**
 * The field errors a refused step shows in its dialog (`fields` it has); anything else is toasted.
 * Answers the errors to show, by field.
 */
export function refusalOf(error: unknown, fields: readonly string[]): Record<string, string> {
  const shown: Record<string, string> = {};
  if (error instanceof ApiError && error.status === 422) {
    for (const [field, messages] of Object.entries(error.errors)) if (fields.includes(field) && messages[0]) shown[field] = messages[0];
  }
  if (Object.keys(shown).length === 0) showToast(error instanceof Error ? error.message : String(error), 'error');
  return shown;
}

interface TextStepDialogProps {
  trigger: ReactNode;
  title: string;
  description?: string;
  /** The field's label; the server names it `field`. */
  label: string;
  field: string;
  confirm: string;
  /** Resolves with the toast's message when done; the dialog then closes. */
  onSubmit(text: string): Promise<string>;
}

/** A step that takes one text (instructions, a reason): a dialog with the text, its error under it. */
export function TextStepDialog({ trigger, title, description, label, field, confirm, onSubmit }: TextStepDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      showToast(await onSubmit(text));
      setOpen(false);
      setText('');
      setError(undefined);
    } catch (failure) {
      setError(refusalOf(failure, [field])[field]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConsoleDialog open={open} onOpenChange={setOpen} trigger={trigger} title={title} description={description}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field id={id} label={label} error={error}>
          <textarea {...invalidProps(id, error)} className={textareaClass} value={text} onChange={(event) => setText(event.target.value)} />
        </Field>
        <DialogButtons busy={busy} confirm={confirm} />
      </form>
    </ConsoleDialog>
  );
}
