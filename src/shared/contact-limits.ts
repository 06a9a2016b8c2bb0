/**
 * The Contact Us form's rules, free of any library: the server's contract and the storefront's
 * form check the same lengths and patterns.
 */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  phone: 20,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

/** Digits with an optional leading +, spaces, dashes and brackets; 6 to 20 characters. */
export const CONTACT_PHONE_PATTERN = /^\+?[\d\s()-]{6,20}$/;
