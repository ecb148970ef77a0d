// Field lists the admin REST answers share, for tests that check an answer's exact keys. Test-only.

/** A customer's registration as the admin answers show it: first in a pending customer's row and a customer's row. */
export const CUSTOMER_REGISTRATION_FIELDS = [
  "id",
  "userName",
  "name",
  "firstName",
  "lastName",
  "email",
  "emailConfirmed",
  "originalPurchaseAmount",
  "postcode",
  "contractNumber",
];
