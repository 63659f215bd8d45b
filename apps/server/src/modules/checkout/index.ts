/** CheckoutApi/* and checkoutapi/* calls: adding a card through the provider, its webhook and the sandbox's pages. */
export { checkoutRoutes } from './routes';
