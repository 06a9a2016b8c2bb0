-- Audit actions are `<entity>.<verb>` of their row's entity type (src/shared/audit-actions.ts): the older names are renamed.
UPDATE "audit_log" SET "action" = CASE "action"
  WHEN 'product_review.approve' THEN 'product.approve'
  WHEN 'product_review.reject' THEN 'product.reject'
  WHEN 'product.stock' THEN 'product.adjust_stock'
  WHEN 'order.status' THEN 'order.change_status'
  WHEN 'order.shipment_correct' THEN 'order.correct_shipment'
  WHEN 'order.paid' THEN 'order.mark_paid'
  WHEN 'customer.password_reset' THEN 'customer.send_password_reset'
  WHEN 'staff.accept' THEN 'staff_member.join'
  WHEN 'staff.update' THEN 'staff_member.update'
  WHEN 'staff.remove' THEN 'staff_member.remove'
  WHEN 'staff.leave' THEN 'staff_member.leave'
END
WHERE "action" IN ('product_review.approve', 'product_review.reject', 'product.stock', 'order.status', 'order.shipment_correct', 'order.paid', 'customer.password_reset', 'staff.accept', 'staff.update', 'staff.remove', 'staff.leave');
