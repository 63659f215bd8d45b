/** `…/details/{id}` → `…/details/:id` (Fastify's syntax). */
export const routePath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
