/** Every admin query key, built here: `[area, …params]`. */
export const ADMIN_QUERY_KEYS = {
  /** Every users-list page; creating or enabling a user invalidates it. */
  users: ['admin', 'users'] as const,
  /** Plans with their prices; with a user id, that user's team's custom prices too. */
  products: (userId?: string) =>
    userId === undefined
      ? (['admin', 'products'] as const)
      : (['admin', 'products', { userId }] as const),
  userSubscriptions: (userId: string) => ['admin', 'user-subscriptions', userId] as const,
  userInvoices: (userId: string) => ['admin', 'user-invoices', userId] as const,
  promotionCodes: ['admin', 'promotion-codes'] as const,
  /** The Dataverse domains (reference data dimension 10) in both languages. */
  domains: ['admin', 'domains'] as const,
};
