/**
 * Everything the audit log records: each audited kind of record and the verbs written for it. An
 * action is `<entity>.<verb>` and names the entity type of its row; the console shows both in words.
 */
const taxonomyVerbs = ['create', 'update', 'reorder', 'archive', 'restore'] as const;

export const auditVerbs = {
  product: ['create', 'update', 'duplicate', 'archive', 'adjust_stock', 'submit', 'approve', 'reject', 'bulk_publish', 'bulk_unpublish', 'bulk_archive', 'bulk_move', 'bulk_adjust_price'],
  category: taxonomyVerbs,
  sub_category: taxonomyVerbs,
  brand: taxonomyVerbs,
  color: taxonomyVerbs,
  size: taxonomyVerbs,
  unit: taxonomyVerbs,
  review: ['hide', 'show'],
  order: ['change_status', 'cancel', 'ship', 'correct_shipment', 'mark_paid'],
  return: ['approve', 'reject', 'receive'],
  refund: ['create'],
  voucher: ['create', 'update', 'activate', 'deactivate'],
  flash_sale: ['create', 'update', 'end', 'delete'],
  flash_sale_enrolment: ['create', 'withdraw', 'approve', 'decline'],
  customer: ['block', 'unblock', 'send_password_reset'],
  media: ['upload'],
  settings: ['update'],
  language: ['update'],
  currency: ['create', 'update', 'retire', 'restore', 'make_default'],
  shop: ['apply', 'reapply', 'update', 'approve', 'reject', 'suspend', 'reinstate', 'set_commission'],
  ticket: ['assign', 'reply', 'close', 'reopen'],
  staff_invitation: ['send', 'withdraw', 'decline'],
  staff_member: ['join', 'update', 'remove', 'leave'],
  blog_post: ['create', 'update', 'publish', 'unpublish', 'schedule'],
  blog_category: ['create', 'update', 'reorder', 'delete'],
  content_page: ['create', 'update', 'publish', 'unpublish'],
  faq: ['create', 'update', 'reorder'],
  banner: ['create', 'update', 'reorder'],
  home_layout: ['update', 'publish'],
  withdrawal: ['request', 'approve', 'pay', 'reject', 'reveal_payout_details'],
} as const satisfies Record<string, readonly string[]>;

export type AuditEntityType = keyof typeof auditVerbs;
export type AuditAction = { [Entity in AuditEntityType]: `${Entity}.${(typeof auditVerbs)[Entity][number]}` }[AuditEntityType];

export const auditEntityTypes = Object.keys(auditVerbs) as [AuditEntityType, ...AuditEntityType[]];

/** The actions of one entity type, in the registry's order. */
export const auditActionsOf = (entity: AuditEntityType): AuditAction[] => auditVerbs[entity].map((verb) => `${entity}.${verb}` as AuditAction);

export const auditActions = auditEntityTypes.flatMap(auditActionsOf) as [AuditAction, ...AuditAction[]];

export const isAuditEntityType = (value: string): value is AuditEntityType => Object.hasOwn(auditVerbs, value);
