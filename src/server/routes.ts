/**
 * Every domain's API routes, mounted under /api. Each domain folder holds its
 * routes, queries and tests side by side (DESIGN.md "Shape").
 */
import type { FastifyPluginAsync } from 'fastify';

export const apiRoutes: FastifyPluginAsync = async (_app) => {
  // Domains register here: catalog, accounts, cart, orders, leads, admin, media upload.
};
