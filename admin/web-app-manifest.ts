/** The back-office's web app manifest: what a phone shows when the advisor installs it. */
import { adminScreens } from '../common/back-office/back-office-routes'
import { iconPath, webAppIcons, webAppScope } from '../common/back-office/web-app'
import { adminCopy } from './admin-copy'

/** The header's blue and the page's background (admin.css: blue-700, slate-50). */
export const webAppColors = { theme: '#1d4ed8', background: '#f8fafc' } as const

export function webAppManifest() {
  return {
    name: adminCopy.appName,
    short_name: adminCopy.webApp.shortName,
    description: adminCopy.webApp.description,
    lang: 'fr',
    dir: 'ltr',
    id: adminScreens[0].path,
    start_url: adminScreens[0].path,
    scope: webAppScope,
    display: 'standalone',
    orientation: 'portrait',
    theme_color: webAppColors.theme,
    background_color: webAppColors.background,
    icons: webAppIcons.map((icon) => ({
      src: iconPath(icon.file),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  }
}
