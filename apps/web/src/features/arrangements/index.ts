/** Payment arrangements: what the dashboard and the invoice pages show, and the home model as the dashboard reads it. */
export { ArrangeToPayButton, ArrangementCard } from './components/lazy-components';
export { latestArrangementQuery, paymentPolicyQuery } from './api/arrangements';
export { homeWithArrangement } from './rules';
