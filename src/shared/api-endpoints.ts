import { deliveryTaxSettingsAnswerSchema, deliveryTaxSettingsChangeSchema } from './delivery-tax.contract.ts';
import { commissionPayoutSettingsAnswerSchema, commissionPayoutSettingsChangeSchema } from './commission-payouts.contract.ts';
import { dashboardAnswerSchema, dashboardQuerySchema } from './dashboard.contract.ts';
import { earningsAnswerSchema, earningsOverviewAnswerSchema, earningsOverviewQuerySchema, earningsQuerySchema } from './earnings.contract.ts';
import {
  withdrawalAnswerSchema,
  withdrawalListQuerySchema,
  withdrawalPageSchema,
  withdrawalPaySchema,
  withdrawalPayoutDetailsSchema,
  withdrawalRejectSchema,
  withdrawalRequestSchema,
  withdrawalTermsSchema,
} from './withdrawals.contract.ts';
import {
  bannerCreateSchema,
  bannerListQuerySchema,
  bannerReorderSchema,
  bannerUpdateSchema,
  consoleBannerAnswerSchema,
  consoleBannerListSchema,
  consoleHomeLayoutSchema,
  homeLayoutSchema,
  homePreviewLinkSchema,
  homeQuerySchema,
} from './home-content.contract.ts';
import { z } from 'zod';
import './contract-messages.ts';
import {
  addressInputSchema,
  addressSchema,
  changePasswordSchema,
  favoriteCountSchema,
  favoriteInputSchema,
  favoriteListQuerySchema,
  favoriteProductsSchema,
  loginSchema,
  otpSentSchema,
  otpVerifiedSchema,
  profileUpdateSchema,
  registrationSchema,
  resetPasswordSchema,
  sendOtpSchema,
  sessionDataSchema,
  socialProviderParamsSchema,
  socialTokenSchema,
  userSchema,
  verifyOtpSchema,
} from './account.contract.ts';
import { noDataSchema } from './api-answers.ts';
import {
  myShopSchema,
  shopApplicationPageSchema,
  shopApplicationQuerySchema,
  shopApplicationSchema,
  shopCommissionSchema,
  shopDecisionReasonSchema,
  shopProfileChangeSchema,
  shopProfileQuerySchema,
  shopProfileSchema,
  shopRegistrationSchema,
} from './shops.contract.ts';
import { moderatedReviewAnswerSchema, reviewModerationPageSchema, reviewModerationQuerySchema, reviewModerationSchema } from './review-moderation.contract.ts';
import { consoleCustomerAnswerSchema, customerBlockSchema, passwordResetSentSchema } from './customers-console.contract.ts';
import { addToCartSchema, cartLineSchema, cartSchema, checkoutSummarySchema, collectVoucherSchema, voucherListQuerySchema, voucherSchema } from './cart.contract.ts';
import {
  categorySchema,
  flashSalePageSchema,
  homeSchema,
  idParamSchema,
  productDetailsSchema,
  productListQuerySchema,
  productListSchema,
  shopSummarySchema,
  slugOrIdParamSchema,
} from './catalog.contract.ts';
import { blogDetailsQuerySchema, blogDetailsSchema, blogListQuerySchema, blogListSchema, contactInputSchema, contentPageSchema, contentSlugParamSchema, faqSchema } from './content.contract.ts';
import {
  guestCheckoutSchema,
  guestOrderLinkRequestSchema,
  guestOrderParamsSchema,
  guestPlaceOrderSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderListSchema,
  placedOrdersSchema,
  placeOrderSchema,
  recordIdParamsSchema,
  reviewInputSchema,
} from './orders.contract.ts';
import {
  blogCategoryCreateSchema,
  blogCategoryUpdateSchema,
  blogPostCreateSchema,
  blogPostListQuerySchema,
  blogPostUpdateSchema,
  blogPreviewLinkAnswerSchema,
  consoleBlogCategoryAnswerSchema,
  consoleBlogCategoryListSchema,
  blogCategoryReorderSchema,
  consoleBlogPostAnswerSchema,
  consoleBlogPostPageSchema,
} from './blog-console.contract.ts';
import {
  consoleReturnAnswerSchema,
  consoleReturnPageSchema,
  orderRefundsSchema,
  orderReturnsSchema,
  refundAnswerSchema,
  refundRequestSchema,
  returnApprovalSchema,
  returnListQuerySchema,
  returnReceiptSchema,
  returnRejectionSchema,
  returnRequestSchema,
  shopperReturnSchema,
} from './returns.contract.ts';
import { notificationListQuerySchema, notificationPageSchema, notificationUpdateSchema, unreadCountSchema } from './notifications.contract.ts';
import {
  auditLogPageSchema,
  auditLogQuerySchema,
  consoleInvitationListSchema,
  consoleLanguageSchema,
  consoleMeSchema,
  staffChangeSchema,
  staffInvitationSchema,
  staffInviteSchema,
  staffListQuerySchema,
  staffListSchema,
  staffMemberSchema,
} from './console.contract.ts';
import {
  consoleProductAnswerSchema,
  consoleProductPageSchema,
  productBulkResultSchema,
  productBulkSchema,
  productConsoleListQuerySchema,
  productCreateSchema,
  productUpdateSchema,
  stockAdjustedSchema,
  stockAdjustmentSchema,
  stockListQuerySchema,
  stockListSchema,
  stockMovementPageSchema,
  stockMovementQuerySchema,
  variantStockParamsSchema,
} from './catalog-console.contract.ts';
import { productReviewAnswerSchema, productReviewDetailSchema, productReviewPageSchema, productReviewQuerySchema, productReviewRejectionSchema } from './product-review-console.contract.ts';
import {
  consoleCustomerPageSchema,
  consoleOrderAnswerSchema,
  consoleOrderPageSchema,
  customerLookupQuerySchema,
  orderConsoleListQuerySchema,
} from './orders-console.contract.ts';
import {
  consoleContentPageAnswerSchema,
  consoleContentPagePageSchema,
  consoleFaqAnswerSchema,
  consoleFaqListSchema,
  contentPageCreateSchema,
  contentPageListQuerySchema,
  contentPageUpdateSchema,
  faqCreateSchema,
  faqListQuerySchema,
  faqReorderSchema,
  faqUpdateSchema,
} from './content-console.contract.ts';
import {
  consoleEnrolmentAnswerSchema,
  consoleEnrolmentPageSchema,
  consoleEnrolmentsCreatedSchema,
  consoleFlashSaleAnswerSchema,
  consoleFlashSalePageSchema,
  enrolmentCreateSchema,
  enrolmentDeclineSchema,
  enrolmentListQuerySchema,
  enrolmentParamsSchema,
  flashSaleCreateSchema,
  flashSaleListQuerySchema,
  flashSaleUpdateSchema,
} from './flash-sales-console.contract.ts';
import { consoleVoucherAnswerSchema, consoleVoucherPageSchema, voucherConsoleListQuerySchema, voucherCreateSchema, voucherUpdateSchema } from './vouchers-console.contract.ts';
import { orderStatusChangeSchema, storeSettingsChangeSchema } from './admin.contract.ts';
import { themeAnswerSchema, themeChangeSchema } from './theme.contract.ts';
import { storeProfileAnswerSchema, storeProfileSchema } from './store-profile.contract.ts';
import { consoleLanguagesAnswerSchema, consoleSettingsAnswerSchema, languageChangeSchema } from './settings-console.contract.ts';
import { paymentsSignInAnswerSchema, paymentsSignInChangeSchema } from './payments-sign-in-console.contract.ts';
import { consoleCurrencyAnswerSchema, consoleCurrencyListSchema, currencyCreateSchema, currencyUpdateSchema } from './currencies-console.contract.ts';
import { shipmentInputSchema, shipmentParamsSchema, shipmentTrackingSchema, staffCancelSchema } from './order-fulfilment.contract.ts';
import { countrySchema, masterSchema } from './settings.contract.ts';
import {
  subCategoryListQuerySchema,
  taxonomyCreateSchemas,
  taxonomyItemAnswerSchema,
  taxonomyListSchema,
  taxonomyReorderSchema,
  taxonomyUpdateSchemas,
  type TaxonomyKind,
} from './taxonomy-console.contract.ts';
import { consoleTicketPageSchema, consoleTicketSchema, ticketAssignSchema, ticketConsoleListQuerySchema } from './tickets-console.contract.ts';
import { ticketCreateSchema, ticketListQuerySchema, ticketListSchema, ticketParamsSchema, ticketReplySchema, ticketThreadSchema } from './support.contract.ts';

/** What one call takes and answers; its success answer is `{ message, data }` (docs/design.md §4). */
export interface EndpointContract {
  /** The `:name` parts of its path. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A body of these fields sent as multipart/form-data beside files: the storefront sends a FormData. */
  form?: z.ZodType;
  /** The `data` of its success answer. */
  data: z.ZodType;
  /** Its success status when not 200. */
  status?: 201 | 202;
}

const orderAnswer = z.object({ order: orderDetailSchema });
const addressAnswer = z.object({ address: addressSchema });
const profileAnswer = z.object({ user: userSchema });
const staffMemberAnswer = z.object({ member: staffMemberSchema });
const shopApplicationAnswer = z.object({ shop: shopApplicationSchema });
const shopProfileAnswer = z.object({ shop: shopProfileSchema });

/** The six calls of one kind of the store's taxonomy (decision 032): list, create, edit, reorder, archive, restore. */
type TaxonomyEndpoints<Kind extends TaxonomyKind> = Record<`GET /console/${Kind}`, { data: typeof taxonomyListSchema }> &
  Record<`POST /console/${Kind}`, { body: (typeof taxonomyCreateSchemas)[Kind]; data: typeof taxonomyItemAnswerSchema; status: 201 }> &
  Record<`PATCH /console/${Kind}/:id`, { params: typeof recordIdParamsSchema; body: (typeof taxonomyUpdateSchemas)[Kind]; data: typeof taxonomyItemAnswerSchema }> &
  Record<`POST /console/${Kind}/reorder`, { body: typeof taxonomyReorderSchema; data: typeof taxonomyListSchema }> &
  Record<`POST /console/${Kind}/:id/${'archive' | 'restore'}`, { params: typeof recordIdParamsSchema; data: typeof taxonomyItemAnswerSchema }>;

function taxonomyEndpoints<Kind extends TaxonomyKind>(kind: Kind): TaxonomyEndpoints<Kind> {
  const one = { params: recordIdParamsSchema, data: taxonomyItemAnswerSchema };
  return {
    [`GET /console/${kind}`]: { data: taxonomyListSchema },
    [`POST /console/${kind}`]: { body: taxonomyCreateSchemas[kind], data: taxonomyItemAnswerSchema, status: 201 },
    [`PATCH /console/${kind}/:id`]: { ...one, body: taxonomyUpdateSchemas[kind] },
    [`POST /console/${kind}/reorder`]: { body: taxonomyReorderSchema, data: taxonomyListSchema },
    [`POST /console/${kind}/:id/archive`]: one,
    [`POST /console/${kind}/:id/restore`]: one,
  } as TaxonomyEndpoints<Kind>;
}

/**
 * Every call the storefront and the console make, keyed `'METHOD /path'` as under `/api`: the server's routes
 * declare exactly these schemas (`endpointSchema` in server/platform), and the storefront's client
 * and the browser journeys take their request and answer types from them (decision 025).
 */
export const apiEndpoints = {
  'GET /master': { data: masterSchema },
  'GET /countries': { data: z.object({ countries: z.array(countrySchema) }) },

  'GET /home': { query: homeQuerySchema, data: homeSchema },
  'GET /categories': { data: z.object({ categories: z.array(categorySchema) }) },
  'GET /categories/:slug': { params: slugOrIdParamSchema, data: z.object({ category: categorySchema }) },
  'GET /products': { query: productListQuerySchema, data: productListSchema },
  'GET /products/:id': { params: idParamSchema, data: z.object({ product: productDetailsSchema }) },
  'GET /shops': { data: z.object({ shops: z.array(shopSummarySchema) }) },
  'GET /shops/:id': { params: idParamSchema, data: z.object({ shop: shopSummarySchema }) },
  'GET /flash-sales/:id': { params: idParamSchema, query: productListQuerySchema, data: flashSalePageSchema },

  'GET /blogs': { query: blogListQuerySchema, data: blogListSchema },
  'GET /blogs/:slug': { params: contentSlugParamSchema, query: blogDetailsQuerySchema, data: blogDetailsSchema },
  'GET /pages/:slug': { params: contentSlugParamSchema, data: z.object({ page: contentPageSchema }) },
  'GET /faqs': { data: z.object({ faqs: z.array(faqSchema) }) },
  'POST /contact': { body: contactInputSchema, data: noDataSchema, status: 201 },

  // The server checks the registration under the store's phone rules (registrationSchemaFor).
  'POST /registration': { body: registrationSchema, data: sessionDataSchema },
  'POST /login': { body: loginSchema, data: sessionDataSchema },
  'POST /auth/cookie-session': { data: sessionDataSchema },
  'POST /auth/:provider/token': { params: socialProviderParamsSchema, body: socialTokenSchema, data: sessionDataSchema },
  'GET /logout': { data: noDataSchema },
  'POST /send-otp': { body: sendOtpSchema, data: otpSentSchema },
  'POST /verify-otp': { body: verifyOtpSchema, data: otpVerifiedSchema },
  'POST /reset-password': { body: resetPasswordSchema, data: noDataSchema },
  'POST /change-password': { body: changePasswordSchema, data: noDataSchema },

  'GET /profile': { data: profileAnswer },
  'POST /profile': { form: profileUpdateSchema, data: profileAnswer },
  'GET /addresses': { data: z.object({ addresses: z.array(addressSchema) }) },
  'POST /addresses': { body: addressInputSchema, data: addressAnswer, status: 201 },
  'PUT /addresses/:id': { params: idParamSchema, body: addressInputSchema, data: addressAnswer },
  'DELETE /addresses/:id': { params: idParamSchema, data: noDataSchema },
  'GET /favorite-products': { query: favoriteListQuerySchema, data: favoriteProductsSchema },
  'POST /favorite-products': { body: favoriteInputSchema, data: favoriteCountSchema },
  'DELETE /favorite-products/:product_id': { params: favoriteInputSchema, data: favoriteCountSchema },

  'GET /carts': { data: cartSchema },
  'POST /cart/store': { body: addToCartSchema, data: cartSchema },
  'POST /cart/increment': { body: cartLineSchema, data: cartSchema },
  'POST /cart/decrement': { body: cartLineSchema, data: cartSchema },
  'POST /cart/delete': { body: cartLineSchema, data: cartSchema },
  // A customer's body is checked as checkoutSchema, a guest's (who may add an e-mail) as this one.
  'POST /cart/checkout': { body: guestCheckoutSchema, data: checkoutSummarySchema },
  'GET /get-vouchers': { query: voucherListQuerySchema, data: z.object({ coupons: z.array(voucherSchema) }) },
  'POST /vouchers-collect': { body: collectVoucherSchema, data: noDataSchema },

  'POST /place-order': { body: z.union([placeOrderSchema, guestPlaceOrderSchema]), data: placedOrdersSchema },
  'POST /payments/:id/cancel': { params: recordIdParamsSchema, data: noDataSchema },
  'GET /orders': { query: orderListQuerySchema, data: orderListSchema },
  'GET /orders/:id': { params: recordIdParamsSchema, data: orderAnswer },
  'POST /orders/:id/cancel': { params: recordIdParamsSchema, data: orderAnswer },
  'POST /orders/:id/reviews': { params: recordIdParamsSchema, body: reviewInputSchema, data: noDataSchema, status: 201 },
  'GET /guest-orders/:key': { params: guestOrderParamsSchema, data: orderAnswer },
  'POST /guest-orders/link': { body: guestOrderLinkRequestSchema, data: noDataSchema, status: 202 },
  'GET /orders/:id/returns': { params: recordIdParamsSchema, data: orderReturnsSchema },
  'POST /orders/:id/returns': { params: recordIdParamsSchema, form: returnRequestSchema, data: z.object({ return: shopperReturnSchema }), status: 201 },

  'GET /support-tickets': { query: ticketListQuerySchema, data: ticketListSchema },
  'POST /support-tickets': { form: ticketCreateSchema, data: ticketThreadSchema, status: 201 },
  'GET /support-tickets/:ticket_no': { params: ticketParamsSchema, data: ticketThreadSchema },
  'POST /support-tickets/:ticket_no/messages': { params: ticketParamsSchema, form: ticketReplySchema, data: ticketThreadSchema, status: 201 },
  'POST /support-tickets/:ticket_no/close': { params: ticketParamsSchema, data: ticketThreadSchema },

  'GET /console-invitations': { data: consoleInvitationListSchema },
  'POST /console-invitations/:id/accept': { params: recordIdParamsSchema, data: noDataSchema },
  'POST /console-invitations/:id/decline': { params: recordIdParamsSchema, data: noDataSchema },
  'POST /console-invitations/accept': { body: resetPasswordSchema, data: sessionDataSchema },
  'DELETE /console-membership': { data: noDataSchema },

  'GET /console/me': { data: consoleMeSchema },
  'PUT /console/me/language': { body: consoleLanguageSchema, data: noDataSchema },
  'GET /console/staff': { query: staffListQuerySchema, data: staffListSchema },
  'POST /console/staff': { body: staffInviteSchema, data: z.object({ invitation: staffInvitationSchema }), status: 201 },
  'DELETE /console/staff/invitations/:id': { params: recordIdParamsSchema, data: noDataSchema },
  'PATCH /console/staff/:id': { params: recordIdParamsSchema, body: staffChangeSchema, data: staffMemberAnswer },
  'DELETE /console/staff/:id': { params: recordIdParamsSchema, data: noDataSchema },
  'GET /console/audit-log': { query: auditLogQuerySchema, data: auditLogPageSchema },
  'GET /console/notifications': { query: notificationListQuerySchema, data: notificationPageSchema },
  'POST /console/notifications/:id/read': { params: recordIdParamsSchema, data: notificationUpdateSchema },
  'POST /console/notifications/read-all': { data: unreadCountSchema },
  'GET /console/shop-applications': { query: shopApplicationQuerySchema, data: shopApplicationPageSchema },
  'POST /console/shops/:id/approve': { params: recordIdParamsSchema, data: shopApplicationAnswer },
  'POST /console/shops/:id/reject': { params: recordIdParamsSchema, body: shopDecisionReasonSchema, data: shopApplicationAnswer },
  'POST /console/shops/:id/suspend': { params: recordIdParamsSchema, body: shopDecisionReasonSchema, data: shopApplicationAnswer },
  'POST /console/shops/:id/reinstate': { params: recordIdParamsSchema, data: shopApplicationAnswer },
  'PUT /console/shops/:id/commission': { params: recordIdParamsSchema, body: shopCommissionSchema, data: shopApplicationAnswer },
  'GET /console/shop': { query: shopProfileQuerySchema, data: shopProfileAnswer },
  'PATCH /console/shop': { query: shopProfileQuerySchema, form: shopProfileChangeSchema, data: shopProfileAnswer },
  'GET /console/products': { query: productConsoleListQuerySchema, data: consoleProductPageSchema },
  'GET /console/products/:id': { params: recordIdParamsSchema, data: consoleProductAnswerSchema },
  'POST /console/products': { body: productCreateSchema, data: consoleProductAnswerSchema, status: 201 },
  'PATCH /console/products/:id': { params: recordIdParamsSchema, body: productUpdateSchema, data: consoleProductAnswerSchema },
  'POST /console/products/:id/duplicate': { params: recordIdParamsSchema, data: consoleProductAnswerSchema, status: 201 },
  'POST /console/products/:id/archive': { params: recordIdParamsSchema, data: consoleProductAnswerSchema },
  'POST /console/products/:id/variants/:variantId/stock': { params: variantStockParamsSchema, body: stockAdjustmentSchema, data: stockAdjustedSchema },
  'GET /console/products/:id/variants/:variantId/movements': { params: variantStockParamsSchema, query: stockMovementQuerySchema, data: stockMovementPageSchema },
  'POST /console/products/bulk': { body: productBulkSchema, data: productBulkResultSchema },
  'GET /console/stock': { query: stockListQuerySchema, data: stockListSchema },
  'GET /console/product-reviews': { query: productReviewQuerySchema, data: productReviewPageSchema },
  'GET /console/product-reviews/:id': { params: recordIdParamsSchema, data: productReviewDetailSchema },
  'POST /console/product-reviews/:id/approve': { params: recordIdParamsSchema, data: productReviewAnswerSchema },
  'POST /console/product-reviews/:id/reject': { params: recordIdParamsSchema, body: productReviewRejectionSchema, data: productReviewAnswerSchema },
  'GET /console/reviews': { query: reviewModerationQuerySchema, data: reviewModerationPageSchema },
  'POST /console/reviews/:id/hide': { params: recordIdParamsSchema, body: reviewModerationSchema, data: moderatedReviewAnswerSchema },
  'POST /console/reviews/:id/show': { params: recordIdParamsSchema, body: reviewModerationSchema, data: moderatedReviewAnswerSchema },
  'GET /console/orders': { query: orderConsoleListQuerySchema, data: consoleOrderPageSchema },
  'GET /console/orders/:id': { params: recordIdParamsSchema, data: consoleOrderAnswerSchema },
  'POST /console/orders/:id/status': { params: recordIdParamsSchema, body: orderStatusChangeSchema, data: consoleOrderAnswerSchema },
  'POST /console/orders/:id/shipments': { params: recordIdParamsSchema, body: shipmentInputSchema, data: consoleOrderAnswerSchema, status: 201 },
  'PATCH /console/orders/:id/shipments/:shipmentId': { params: shipmentParamsSchema, body: shipmentTrackingSchema, data: consoleOrderAnswerSchema },
  'POST /console/orders/:id/cancel': { params: recordIdParamsSchema, body: staffCancelSchema, data: consoleOrderAnswerSchema },
  'POST /console/orders/:id/mark-paid': { params: recordIdParamsSchema, data: consoleOrderAnswerSchema },
  'GET /console/returns': { query: returnListQuerySchema, data: consoleReturnPageSchema },
  'GET /console/returns/:id': { params: recordIdParamsSchema, data: consoleReturnAnswerSchema },
  'POST /console/returns/:id/approve': { params: recordIdParamsSchema, body: returnApprovalSchema, data: consoleReturnAnswerSchema },
  'POST /console/returns/:id/reject': { params: recordIdParamsSchema, body: returnRejectionSchema, data: consoleReturnAnswerSchema },
  'POST /console/returns/:id/receive': { params: recordIdParamsSchema, body: returnReceiptSchema, data: consoleReturnAnswerSchema },
  'GET /console/orders/:id/refunds': { params: recordIdParamsSchema, data: orderRefundsSchema },
  'POST /console/orders/:id/refunds': { params: recordIdParamsSchema, body: refundRequestSchema, data: refundAnswerSchema, status: 201 },
  'GET /console/tickets': { query: ticketConsoleListQuerySchema, data: consoleTicketPageSchema },
  'GET /console/tickets/:id': { params: recordIdParamsSchema, data: consoleTicketSchema },
  'POST /console/tickets/:id/messages': { params: recordIdParamsSchema, form: ticketReplySchema, data: consoleTicketSchema, status: 201 },
  'POST /console/tickets/:id/assign': { params: recordIdParamsSchema, body: ticketAssignSchema, data: consoleTicketSchema },
  'POST /console/tickets/:id/close': { params: recordIdParamsSchema, data: consoleTicketSchema },
  'POST /console/tickets/:id/reopen': { params: recordIdParamsSchema, data: consoleTicketSchema },
  'GET /console/settings': { data: consoleSettingsAnswerSchema },
  'PATCH /console/settings': { body: storeSettingsChangeSchema, data: consoleSettingsAnswerSchema },
  'GET /console/languages': { data: consoleLanguagesAnswerSchema },
  'PATCH /console/languages': { body: languageChangeSchema, data: consoleLanguagesAnswerSchema },
  'GET /console/settings/delivery-tax': { data: deliveryTaxSettingsAnswerSchema },
  'PATCH /console/settings/delivery-tax': { body: deliveryTaxSettingsChangeSchema, data: deliveryTaxSettingsAnswerSchema },
  'GET /console/settings/commission-payouts': { data: commissionPayoutSettingsAnswerSchema },
  'PATCH /console/settings/commission-payouts': { body: commissionPayoutSettingsChangeSchema, data: commissionPayoutSettingsAnswerSchema },
  'GET /console/currencies': { data: consoleCurrencyListSchema },
  'POST /console/currencies': { body: currencyCreateSchema, data: consoleCurrencyAnswerSchema, status: 201 },
  'PATCH /console/currencies/:id': { params: recordIdParamsSchema, body: currencyUpdateSchema, data: consoleCurrencyAnswerSchema },
  'POST /console/currencies/:id/retire': { params: recordIdParamsSchema, data: consoleCurrencyAnswerSchema },
  'POST /console/currencies/:id/restore': { params: recordIdParamsSchema, data: consoleCurrencyAnswerSchema },
  'POST /console/currencies/:id/make-default': { params: recordIdParamsSchema, data: consoleCurrencyListSchema },
  'GET /console/payments-sign-in': { data: paymentsSignInAnswerSchema },
  'PUT /console/payments-sign-in': { body: paymentsSignInChangeSchema, data: paymentsSignInAnswerSchema },
  'GET /console/theme': { data: themeAnswerSchema },
  'PUT /console/theme': { body: themeChangeSchema, data: themeAnswerSchema },
  'GET /console/store-profile': { data: storeProfileAnswerSchema },
  'PUT /console/store-profile': { body: storeProfileSchema, data: storeProfileAnswerSchema },
  'GET /console/customers': { query: customerLookupQuerySchema, data: consoleCustomerPageSchema },
  'GET /console/customers/:id': { params: recordIdParamsSchema, data: consoleCustomerAnswerSchema },
  'POST /console/customers/:id/block': { params: recordIdParamsSchema, body: customerBlockSchema, data: consoleCustomerAnswerSchema },
  'POST /console/customers/:id/unblock': { params: recordIdParamsSchema, body: customerBlockSchema, data: consoleCustomerAnswerSchema },
  'POST /console/customers/:id/password-reset': { params: recordIdParamsSchema, data: passwordResetSentSchema },
  'GET /console/earnings': { query: earningsQuerySchema, data: earningsAnswerSchema },
  'GET /console/withdrawals': { query: withdrawalListQuerySchema, data: withdrawalPageSchema },
  'GET /console/withdrawals/terms': { data: withdrawalTermsSchema },
  'POST /console/withdrawals': { body: withdrawalRequestSchema, data: withdrawalAnswerSchema, status: 201 },
  'POST /console/withdrawals/:id/approve': { params: recordIdParamsSchema, data: withdrawalAnswerSchema },
  'POST /console/withdrawals/:id/pay': { params: recordIdParamsSchema, body: withdrawalPaySchema, data: withdrawalAnswerSchema },
  'POST /console/withdrawals/:id/reject': { params: recordIdParamsSchema, body: withdrawalRejectSchema, data: withdrawalAnswerSchema },
  'POST /console/withdrawals/:id/payout-details': { params: recordIdParamsSchema, data: withdrawalPayoutDetailsSchema },
  'GET /console/dashboard': { query: dashboardQuerySchema, data: dashboardAnswerSchema },
  'GET /console/earnings/shops': { query: earningsOverviewQuerySchema, data: earningsOverviewAnswerSchema },
  'GET /console/vouchers': { query: voucherConsoleListQuerySchema, data: consoleVoucherPageSchema },
  'POST /console/vouchers': { body: voucherCreateSchema, data: consoleVoucherAnswerSchema, status: 201 },
  'GET /console/vouchers/:id': { params: recordIdParamsSchema, data: consoleVoucherAnswerSchema },
  'PATCH /console/vouchers/:id': { params: recordIdParamsSchema, body: voucherUpdateSchema, data: consoleVoucherAnswerSchema },
  'POST /console/vouchers/:id/deactivate': { params: recordIdParamsSchema, data: consoleVoucherAnswerSchema },
  'POST /console/vouchers/:id/activate': { params: recordIdParamsSchema, data: consoleVoucherAnswerSchema },
  'GET /console/flash-sales': { query: flashSaleListQuerySchema, data: consoleFlashSalePageSchema },
  'POST /console/flash-sales': { body: flashSaleCreateSchema, data: consoleFlashSaleAnswerSchema, status: 201 },
  'GET /console/flash-sales/:id': { params: recordIdParamsSchema, data: consoleFlashSaleAnswerSchema },
  'PATCH /console/flash-sales/:id': { params: recordIdParamsSchema, body: flashSaleUpdateSchema, data: consoleFlashSaleAnswerSchema },
  'POST /console/flash-sales/:id/end': { params: recordIdParamsSchema, data: consoleFlashSaleAnswerSchema },
  'DELETE /console/flash-sales/:id': { params: recordIdParamsSchema, data: noDataSchema },
  'GET /console/flash-sales/:id/enrolments': { params: recordIdParamsSchema, query: enrolmentListQuerySchema, data: consoleEnrolmentPageSchema },
  'POST /console/flash-sales/:id/enrolments': { params: recordIdParamsSchema, body: enrolmentCreateSchema, data: consoleEnrolmentsCreatedSchema, status: 201 },
  'DELETE /console/flash-sales/:id/enrolments/:enrolmentId': { params: enrolmentParamsSchema, data: noDataSchema },
  'POST /console/flash-sales/:id/enrolments/:enrolmentId/approve': { params: enrolmentParamsSchema, data: consoleEnrolmentAnswerSchema },
  'POST /console/flash-sales/:id/enrolments/:enrolmentId/decline': { params: enrolmentParamsSchema, body: enrolmentDeclineSchema, data: consoleEnrolmentAnswerSchema },
  'GET /console/blog-posts': { query: blogPostListQuerySchema, data: consoleBlogPostPageSchema },
  'POST /console/blog-posts': { body: blogPostCreateSchema, data: consoleBlogPostAnswerSchema, status: 201 },
  'GET /console/blog-posts/:id': { params: recordIdParamsSchema, data: consoleBlogPostAnswerSchema },
  'PATCH /console/blog-posts/:id': { params: recordIdParamsSchema, body: blogPostUpdateSchema, data: consoleBlogPostAnswerSchema },
  'POST /console/blog-posts/:id/preview-link': { params: recordIdParamsSchema, data: blogPreviewLinkAnswerSchema },
  'GET /console/blog-categories': { data: consoleBlogCategoryListSchema },
  'POST /console/blog-categories': { body: blogCategoryCreateSchema, data: consoleBlogCategoryAnswerSchema, status: 201 },
  'PATCH /console/blog-categories/:id': { params: recordIdParamsSchema, body: blogCategoryUpdateSchema, data: consoleBlogCategoryAnswerSchema },
  'DELETE /console/blog-categories/:id': { params: recordIdParamsSchema, data: noDataSchema },
  'POST /console/blog-categories/reorder': { body: blogCategoryReorderSchema, data: consoleBlogCategoryListSchema },
  'GET /console/content-pages': { query: contentPageListQuerySchema, data: consoleContentPagePageSchema },
  'POST /console/content-pages': { body: contentPageCreateSchema, data: consoleContentPageAnswerSchema, status: 201 },
  'GET /console/content-pages/:id': { params: recordIdParamsSchema, data: consoleContentPageAnswerSchema },
  'PATCH /console/content-pages/:id': { params: recordIdParamsSchema, body: contentPageUpdateSchema, data: consoleContentPageAnswerSchema },
  'GET /console/faqs': { query: faqListQuerySchema, data: consoleFaqListSchema },
  'POST /console/faqs': { body: faqCreateSchema, data: consoleFaqAnswerSchema, status: 201 },
  'PATCH /console/faqs/:id': { params: recordIdParamsSchema, body: faqUpdateSchema, data: consoleFaqAnswerSchema },
  'POST /console/faqs/reorder': { body: faqReorderSchema, data: consoleFaqListSchema },
  'GET /console/banners': { query: bannerListQuerySchema, data: consoleBannerListSchema },
  'POST /console/banners': { body: bannerCreateSchema, data: consoleBannerAnswerSchema, status: 201 },
  'GET /console/banners/:id': { params: recordIdParamsSchema, data: consoleBannerAnswerSchema },
  'PATCH /console/banners/:id': { params: recordIdParamsSchema, body: bannerUpdateSchema, data: consoleBannerAnswerSchema },
  'POST /console/banners/reorder': { body: bannerReorderSchema, data: consoleBannerListSchema },
  'GET /console/home-layout': { data: consoleHomeLayoutSchema },
  'PUT /console/home-layout': { body: homeLayoutSchema, data: consoleHomeLayoutSchema },
  'POST /console/home-layout/publish': { data: consoleHomeLayoutSchema },
  'POST /console/home-layout/preview-link': { data: homePreviewLinkSchema },
  ...taxonomyEndpoints('categories'),
  ...taxonomyEndpoints('sub-categories'),
  'GET /console/sub-categories': { query: subCategoryListQuerySchema, data: taxonomyListSchema },
  ...taxonomyEndpoints('brands'),
  ...taxonomyEndpoints('colors'),
  ...taxonomyEndpoints('sizes'),
  ...taxonomyEndpoints('units'),
  'POST /shop-registrations': { form: shopRegistrationSchema, data: z.object({ shop: shopProfileSchema, session: sessionDataSchema.nullable() }), status: 201 },
  'GET /shop-registrations/current': { data: myShopSchema },
} satisfies Record<string, EndpointContract>;

export type ApiEndpoints = typeof apiEndpoints;
export type EndpointKey = keyof ApiEndpoints;

/** A part of a request, optional when nothing in it is required. */
type RequestPart<Name extends string, Input> = object extends Input ? { [Part in Name]?: Input } : { [Part in Name]: Input };

type ParamsOf<Endpoint> = Endpoint extends { params: z.ZodType } ? RequestPart<'params', z.input<Endpoint['params']>> : { params?: never };
type QueryOf<Endpoint> = Endpoint extends { query: z.ZodType } ? RequestPart<'query', z.input<Endpoint['query']>> : { query?: never };
type BodyOf<Endpoint> = Endpoint extends { body: z.ZodType }
  ? RequestPart<'body', z.input<Endpoint['body']>>
  : Endpoint extends { form: z.ZodType }
    ? { body: FormData }
    : { body?: never };

/**
 * What a call sends: its path's parameters, its query and its body, as the contract takes them in (before defaults and coercion).
 * Distributed over the keys, so the union of every endpoint's request is one member per endpoint, not the product of every
 * params, query and body type (which passes TypeScript's limit on a union's size as endpoints are added).
 */
export type EndpointRequest<Key extends EndpointKey> = Key extends EndpointKey ? ParamsOf<ApiEndpoints[Key]> & QueryOf<ApiEndpoints[Key]> & BodyOf<ApiEndpoints[Key]> : never;

/** A call's options as its last argument, which may be left out when nothing in them is required. */
export type OptionsArgument<Options> = object extends Options ? [options?: Options] : [options: Options];

/** The body a call sends (a FormData for a multipart form). */
export type EndpointBody<Key extends EndpointKey> = NonNullable<EndpointRequest<Key>['body']>;

/** A success answer carrying the data of this schema, as the server's serialiser sends it. */
export interface Answer<Data extends z.ZodType> {
  message: string;
  data: z.output<Data>;
}

/** The success answer of a call (calls answering the same schema answer the same type). */
export type EndpointAnswer<Key extends EndpointKey> = Answer<ApiEndpoints[Key]['data']>;
