/**
 * What to tell someone whose browser offers no install button: how their
 * browser adds a web app to the home screen, dock or app list. Pure, so it is
 * tested without a browser.
 */
export type InstallPlatform = 'ios' | 'android' | 'mac-safari' | 'firefox-desktop' | 'desktop';

export function installPlatform(userAgent: string, maxTouchPoints: number): InstallPlatform {
  // iPadOS reports itself as a Mac; only its touch screen gives it away.
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  if (/Firefox\//.test(userAgent)) return 'firefox-desktop';
  if (/Macintosh/.test(userAgent) && /Safari\//.test(userAgent) && !/Chrome|Chromium|Edg\//.test(userAgent)) {
    return 'mac-safari';
  }
  return 'desktop';
}

export function installHint(platform: InstallPlatform, productName: string): string {
  switch (platform) {
    case 'ios':
      return `Tap the Share button, then “Add to Home Screen”. ${productName} opens from there like any app.`;
    case 'android':
      return `Open your browser's menu (⋮) and choose “Install app” or “Add to Home screen”.`;
    case 'mac-safari':
      return `In Safari, choose File › Add to Dock. ${productName} then opens in its own window.`;
    case 'firefox-desktop':
      return `Firefox on a computer doesn't install web apps. Keep ${productName} in a pinned tab, or open it in Chrome, Edge or Safari to install it.`;
    case 'desktop':
      return `Look for the install icon at the right of the address bar, or open the browser's menu and choose “Install ${productName}”.`;
  }
}
