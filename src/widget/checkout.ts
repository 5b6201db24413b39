/** PLACEHOLDER (issue 10, sessions helper): the embedded card checkout of sessions, `MontonioCheckout`. */
export {};
