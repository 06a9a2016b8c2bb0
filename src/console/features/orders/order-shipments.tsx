import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../client/lib/api-client.ts';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { shipmentTrackingSchema, shippableStatuses, type Shipment, type ShipmentTracking } from '../../../shared/order-fulfilment.contract.ts';
import type { ConsoleOrder } from '../../../shared/orders-console.contract.ts';
import { formatTime } from '../../ui/date.ts';
import { ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { Field, FormField, inputClass, invalidProps, numberOr, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useCorrectShipment, useShipOrder } from './order-queries.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

/**
 * The parcel form: the shared schema's carrier, tracking number and link, and a quantity per line
 * not yet shipped, where 0 leaves the line for a later parcel (only lines with units are sent).
 */
const parcelFormSchema = shipmentTrackingSchema.extend({
  lines: z.array(z.object({ order_item_id: z.number(), quantity: z.number({ error: 'The quantity must be a number.' }).int('The quantity must be an integer.').min(0, 'The quantity must be at least 0.') })),
});
type ParcelForm = z.input<typeof parcelFormSchema>;
type Parcel = z.output<typeof parcelFormSchema>;

const NO_LINES = 'Choose the lines to ship.';

/** The server names the sent lines by their place among those sent; the form shows every line left. */
function showParcelErrors(error: unknown, setError: UseFormSetError<ParcelForm>, sentIndexes: readonly number[]) {
  if (error instanceof ApiError && error.status === 422) {
    const renamed = Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field.replace(/^lines\.(\d+)\./, (_, at: string) => `lines.${sentIndexes[Number(at)]}.`), messages]));
    showServerErrors(new ApiError(error.status, error.message, renamed), setError);
    return;
  }
  showServerErrors(error, setError);
}

/** Records a parcel: carrier, tracking number, an optional https link and the units of each line in it. */
function ShipDialog({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  const ship = useShipOrder(order.id);
  const left = order.lines.filter((line) => line.quantity > line.shipped_quantity);
  const defaults = (): ParcelForm => ({ carrier: '', tracking_number: '', tracking_url: '', lines: left.map((line) => ({ order_item_id: line.id, quantity: line.quantity - line.shipped_quantity })) });
  const form = useForm<ParcelForm, unknown, Parcel>({ resolver: zodResolver(parcelFormSchema), defaultValues: defaults() });
  const dialog = useFormDialog(() => form.reset(defaults()));
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (parsed) => {
    const sentIndexes = parsed.lines.flatMap((line, index) => (line.quantity > 0 ? [index] : []));
    if (sentIndexes.length === 0) {
      showToast(t(NO_LINES), 'error');
      return;
    }
    try {
      const answer = await ship.mutateAsync({ ...parsed, lines: sentIndexes.map((index) => parsed.lines[index]!) });
      showToast(t(answer.message));
      dialog.close();
    } catch (error) {
      showParcelErrors(error, form.setError, sentIndexes);
    }
  });

  return (
    <ConsoleDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <button type="button" className={primaryButtonClass}>
          {t('Ship')}
        </button>
      }
      title={t('Ship order {{number}}', { number: order.order_number })}
      description={t('The customer gets the carrier, tracking number and link by e-mail. Lines left at 0 ship later.')}
      wide
    >
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField<ParcelForm> name="carrier" label={t('Carrier')} />
            <FormField<ParcelForm> name="tracking_number" label={t('Tracking number')} />
          </div>
          <FormField<ParcelForm> name="tracking_url" label={t('Tracking link (https)')} />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-800">{t('Units in this parcel')}</legend>
            {left.map((line, index) => {
              const id = `parcel-line-${line.id}`;
              const error = errors.lines?.[index]?.quantity?.message ?? errors.lines?.[index]?.order_item_id?.message;
              return (
                <Field key={line.id} id={id} label={<WithUserText text={t('{{name}} ({{sku}}), {{count}} left to ship')} values={{ name: line.name, sku: line.sku, count: formatNumber(line.quantity - line.shipped_quantity) }} />} error={error}>
                  <input type="number" min={0} step={1} {...form.register(`lines.${index}.quantity`, { setValueAs: numberOr(undefined) })} {...invalidProps(id, error)} className={`${inputClass} max-w-32`} />
                </Field>
              );
            })}
          </fieldset>
          <DialogButtons busy={ship.isPending} confirm={t('Ship')} />
        </form>
      </FormProvider>
    </ConsoleDialog>
  );
}

type TrackingForm = z.input<typeof shipmentTrackingSchema>;

/** Corrects a parcel's carrier, tracking number and link (a mistyped number): the customer is mailed the new ones. */
function CorrectTrackingDialog({ order, shipment }: { order: ConsoleOrder; shipment: Shipment }) {
  const { t } = useTranslation();
  const correct = useCorrectShipment(order.id, shipment.id);
  const defaults = (): TrackingForm => ({ carrier: shipment.carrier, tracking_number: shipment.tracking_number, tracking_url: shipment.tracking_url ?? '' });
  const form = useForm<TrackingForm, unknown, ShipmentTracking>({ resolver: zodResolver(shipmentTrackingSchema), defaultValues: defaults() });
  const dialog = useFormDialog(() => form.reset(defaults()));

  const submit = form.handleSubmit(async (tracking) => {
    try {
      const answer = await correct.mutateAsync(tracking);
      showToast(t(answer.message));
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });

  return (
    <ConsoleDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <button type="button" className={textButtonClass}>
          {t('Correct tracking')}
        </button>
      }
      title={t('Correct the tracking of parcel {{tracking}}', { tracking: shipment.tracking_number })}
      description={t('The customer gets the corrected carrier, tracking number and link by e-mail.')}
    >
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
          <FormField<TrackingForm> name="carrier" label={t('Carrier')} />
          <FormField<TrackingForm> name="tracking_number" label={t('Tracking number')} />
          <FormField<TrackingForm> name="tracking_url" label={t('Tracking link (https)')} />
          <DialogButtons busy={correct.isPending} confirm={t('Save')} />
        </form>
      </FormProvider>
    </ConsoleDialog>
  );
}

/** The order's parcels, and for those who may write, the button recording the next one while units are left. */
export function OrderShipments({ order, canWrite }: { order: ConsoleOrder; canWrite: boolean }) {
  const { t } = useTranslation();
  const lineName = (id: number) => order.lines.find((line) => line.id === id)?.name ?? `#${id}`;
  const unitsLeft = order.lines.some((line) => line.quantity > line.shipped_quantity);
  const canChangeParcels = canWrite && shippableStatuses.includes(order.status);
  const canShip = canChangeParcels && unitsLeft;
  if (order.shipments.length === 0 && !canShip) return null;
  return (
    <section aria-label={t('Shipments')} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t('Shipments')}</h2>
        {canShip && <ShipDialog order={order} />}
      </div>
      {order.shipments.length === 0 ? (
        <p className="text-sm text-slate-600">{t('Nothing shipped yet.')}</p>
      ) : (
        <ol className="flex flex-col gap-3 text-sm">
          {order.shipments.map((shipment) => (
            <li key={shipment.id} className="border-t border-slate-100 pt-2 first:border-t-0 first:pt-0">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-slate-900">
                  <bdi>{shipment.carrier}</bdi> · <span dir="ltr">{shipment.tracking_number}</span>
                  <span className="font-normal text-slate-600"> · {formatTime(shipment.shipped_at)}</span>
                </p>
                {canChangeParcels && <CorrectTrackingDialog order={order} shipment={shipment} />}
              </div>
              {shipment.tracking_url && (
                <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer" className="text-primary-800 hover:underline" dir="ltr">
                  {shipment.tracking_url}
                </a>
              )}
              <ul className="text-slate-700">
                {shipment.items.map((item) => (
                  <li key={item.order_item_id}>
                    <WithUserText text={t('{{count}} × {{name}}')} values={{ count: formatNumber(item.quantity), name: lineName(item.order_item_id) }} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
