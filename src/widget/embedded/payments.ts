/** PLACEHOLDER (issue 10, sessions helper): embedded payments of draft payment intents, `initializePayment(options)`. */
export const EmbeddedPayments = {
  initializePayment(): Promise<never> {
    return Promise.reject(new Error('embedded payments are not built yet'));
  },
};
