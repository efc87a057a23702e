/** The account logged in, as `GET /admin/api/session` and the login answer it. */
export interface AdminUser {
  email: string
}
