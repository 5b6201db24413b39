/** Who a back-office user is in a store: an owner (may change things) or a viewer (reads only). */
export type Role = 'owner' | 'viewer';
export const ROLES: readonly Role[] = ['owner', 'viewer'];

/** One of a user's stores, with the user's role there. */
export interface Membership {
  storeId: string;
  storeName: string;
  role: Role;
}
