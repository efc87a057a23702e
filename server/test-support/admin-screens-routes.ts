/** Every route of the back-office screens' API (admin-screens-api.ts), for the tests that guard them all. */
export function screensApiRoutes(leadId: string) {
  return [
    ['GET', '/admin/api/leads'],
    ['GET', `/admin/api/leads/${leadId}`],
    ['POST', `/admin/api/leads/${leadId}/calls`],
    ['DELETE', `/admin/api/leads/${leadId}/calls/1`],
    ['POST', `/admin/api/leads/${leadId}/plan`],
    ['POST', `/admin/api/leads/${leadId}/claim`],
    ['GET', '/admin/api/deliveries'],
    ['POST', '/admin/api/deliveries/replay'],
    ['GET', '/admin/api/status'],
    ['GET', '/admin/api/funnel?jours=7'],
    ['GET', '/admin/api/export.csv'],
    ['GET', '/admin/api/erase-preview?email=a@exemple.fr'],
    ['POST', '/admin/api/erase'],
  ] as const
}
