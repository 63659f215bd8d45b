/** The documents module: invoice links and downloads. Other modules build links through links.ts. */
export { documentRoutes } from './routes';
export { documentLinks, type DocumentLinks } from './links';
