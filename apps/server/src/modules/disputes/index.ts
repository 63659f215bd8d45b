/** The disputes module (Dispute, Dispute/items, Dispute/{id}/review, Dispute/{id}/resolve). */
export { disputeRoutes } from './routes';
