import { asc, eq } from 'drizzle-orm';
import type { Shipment } from '../../../shared/order-fulfilment.contract.ts';
import type { Db } from '../../db/client.ts';
import { orderShipmentItems, orderShipments } from '../../db/schema.ts';

/** An order's parcels, first shipped first, each with the units of every line it holds (decision 037). */
export async function readShipments(db: Db, orderId: number): Promise<Shipment[]> {
  const rows = await db
    .select({ shipment: orderShipments, orderItemId: orderShipmentItems.orderItemId, quantity: orderShipmentItems.quantity })
    .from(orderShipments)
    .innerJoin(orderShipmentItems, eq(orderShipmentItems.shipmentId, orderShipments.id))
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.id), asc(orderShipmentItems.orderItemId));
  const byId = new Map<number, Shipment>();
  for (const { shipment, orderItemId, quantity } of rows) {
    let parcel = byId.get(shipment.id);
    if (!parcel) {
      parcel = { id: shipment.id, carrier: shipment.carrier, tracking_number: shipment.trackingNumber, tracking_url: shipment.trackingUrl, shipped_at: shipment.createdAt.toISOString(), items: [] };
      byId.set(shipment.id, parcel);
    }
    parcel.items.push({ order_item_id: orderItemId, quantity });
  }
  return [...byId.values()];
}

/** Units of each order line (by id) already in a parcel. */
export function shippedUnits(shipments: readonly Shipment[]): Map<number, number> {
  const shipped = new Map<number, number>();
  for (const item of shipments.flatMap((shipment) => shipment.items)) shipped.set(item.order_item_id, (shipped.get(item.order_item_id) ?? 0) + item.quantity);
  return shipped;
}
