import { expect, test } from 'vitest';
import { installHint, installPlatform } from './install-hint';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macEdge:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

test('each browser is told its own way to install', () => {
  expect(installPlatform(UA.iphone, 5)).toBe('ios');
  expect(installPlatform(UA.ipadDesktopMode, 5)).toBe('ios');
  expect(installPlatform(UA.ipadDesktopMode, 0)).toBe('mac-safari');
  expect(installPlatform(UA.androidChrome, 5)).toBe('android');
  expect(installPlatform(UA.androidFirefox, 5)).toBe('android');
  expect(installPlatform(UA.macChrome, 0)).toBe('desktop');
  expect(installPlatform(UA.macEdge, 0)).toBe('desktop');
  expect(installPlatform(UA.linuxFirefox, 0)).toBe('firefox-desktop');
  expect(installPlatform(UA.windowsChrome, 0)).toBe('desktop');
});

test("the hints use each browser's own words and the product's name", () => {
  expect(installHint('ios', 'Platter')).toContain('Add to Home Screen');
  expect(installHint('android', 'Platter')).toContain('Add to Home screen');
  expect(installHint('mac-safari', 'Platter')).toContain('Add to Dock');
  expect(installHint('desktop', 'Platter')).toContain('Install Platter');
  expect(installHint('firefox-desktop', 'Disco')).toContain('Disco');
});
