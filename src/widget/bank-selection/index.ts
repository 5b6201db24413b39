/** PLACEHOLDER (issue 10, widget helper): the bank-selection widget, `create(options)`. */
export const PaymentInitiation = {
  create(): never {
    throw new Error('the bank-selection widget is not built yet');
  },
};
