import type { FastifyInstance } from 'fastify'
import type { AdminScreensDeps } from './register-admin'

/**
 * The screens' JSON routes, under full paths `/admin/api/…`. The scope they are registered in
 * already answers 401 without a session (`request.adminUser` is set in every handler) and 403 to
 * a state-changing request from another origin. (Filled in by the screens' work.)
 */
export async function registerAdminScreensApi(
  _scope: FastifyInstance,
  _deps: AdminScreensDeps,
): Promise<void> {}
