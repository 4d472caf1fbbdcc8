// The screens' date formats live with the product's rules, so the dashboard and the charts read alike.
export { formatDate, formatDay, MONTHS } from '@hit/contracts/rules';
