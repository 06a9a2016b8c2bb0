import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { ConsoleDialog, DialogButtons, useFormDialog } from './dialog.tsx';
import { FormField, showServerErrors } from './form.tsx';
import { showToast } from './toast.tsx';

interface TextDialogProps<Name extends string> {
  /** The button that opens it, which gets the focus back when it closes. */
  trigger: ReactNode;
  title: ReactNode;
  description?: string;
  /** What the decision is about, shown above the text. */
  subject?: ReactNode;
  /** The text's field in the shared schema and in the server's errors, and its label. */
  name: Name;
  label: string;
  /** False: a one-line text (a reference), typed in an input rather than a text area. */
  multiline?: boolean;
  /** The contract's `{ [name]: text }` body, checked before sending. */
  schema: z.ZodType<Record<Name, string>, Record<Name, string>>;
  confirm: string;
  /** The action's mutation: the confirm button is disabled while it is pending. */
  mutation: { isPending: boolean };
  /** Runs the mutation and resolves with the toast's message; the dialog then closes. A refusal of the text shows under it. */
  onSubmit(text: string): Promise<string>;
}

/** A decision or step that takes one text others will read (a reason, instructions): asked in a dialog before it is made. */
export function TextDialog<Name extends string>({ trigger, title, description, subject, name, label, multiline = true, schema, confirm, mutation, onSubmit }: TextDialogProps<Name>) {
  type Values = Record<Name, string> & FieldValues;
  const empty = { [name]: '' } as DefaultValues<Values>;
  const form = useForm<Values>({ resolver: zodResolver(schema as z.ZodType<Values, Values>), defaultValues: empty });
  const dialog = useFormDialog(() => form.reset(empty));
  const submit = form.handleSubmit(async (values) => {
    try {
      showToast(await onSubmit(values[name]));
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError, [name as unknown as Path<Values>]);
    }
  });
  return (
    <ConsoleDialog open={dialog.open} onOpenChange={dialog.onOpenChange} trigger={trigger} title={title} description={description}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {subject}
          <FormField<Values> name={name as unknown as Path<Values>} label={label} type={multiline ? 'textarea' : 'text'} />
          <DialogButtons busy={mutation.isPending} confirm={confirm} />
        </form>
      </FormProvider>
    </ConsoleDialog>
  );
}
