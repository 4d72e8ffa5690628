/**
 * Just enough of a browser for the social login journeys: a cookie jar per
 * host (as browsers keep them, whatever the port) that honours Path and
 * removal, and top-level navigations that follow redirects by hand, so a
 * test sees every hop between Platter and the provider. Asked to, it sends
 * Sec-Fetch-Site as a browser does (docs/sessions.md, "Only this site's pages").
 */
interface StoredCookie {
  value: string;
  path: string;
}

export interface Navigation {
  /** Where the journey ended: the first address on `home` that is not a flow route, or the last response's. */
  url: URL;
  /** Every address visited or redirected to, in order. */
  hops: URL[];
  status: number;
}

const FLOW_ROUTE = /^\/(facebook|twitter)_login(\/callback)?\/?$/;

/** Where a navigation started: a link on this site's page, a typed address, a page on another site. */
export type NavigationStart = 'same-origin' | 'none' | 'cross-site';

export class CookieBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  constructor(private readonly home: string) {}

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).hostname)?.get(name)?.value;
  }

  setCookie(url: string, name: string, value: string, path = '/'): void {
    const host = new URL(url).hostname;
    const cookies = this.jar.get(host) ?? new Map<string, StoredCookie>();
    cookies.set(name, { value, path });
    this.jar.set(host, cookies);
  }

  cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.hostname) ?? new Map<string, StoredCookie>();
    return [...cookies]
      .filter(
        ([, c]) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      let path = '/';
      let removed = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = val;
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) removed = true;
        if (key.toLowerCase() === 'expires' && Date.parse(val) < Date.now()) removed = true;
      }
      if (removed) this.jar.get(url.hostname)?.delete(name);
      else this.setCookie(url.href, name, value, path);
    }
  }

  /**
   * A top-level GET of `address`, following redirects until the journey is
   * back on Platter outside the login routes (not fetched: in API tests the
   * app serves no pages) or a response is not a redirect.
   */
  async navigate(address: string, from?: NavigationStart): Promise<Navigation> {
    let url = new URL(address, this.home);
    const hops: URL[] = [url];
    for (let hop = 0; hop < 25; hop++) {
      const headers: Record<string, string> = { cookie: this.cookieHeader(url) };
      if (from) headers['sec-fetch-site'] = fetchSite(from, hops);
      const response = await fetch(url, { redirect: 'manual', headers });
      this.store(url, response);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url, hops, status: response.status };
      }
      await response.arrayBuffer();
      url = new URL(location, url);
      hops.push(url);
      if (url.origin === new URL(this.home).origin && !FLOW_ROUTE.test(url.pathname)) {
        return { url, hops, status: response.status };
      }
    }
    throw new Error(`too many redirects: ${hops.map(String).join(' → ')}`);
  }
}

/**
 * A hop's Sec-Fetch-Site: cross-site once the journey started on another site or passed through
 * another origin on its way here (as browsers judge a redirect chain; another port counts as
 * another site here, as a real provider would be), else where it started.
 */
function fetchSite(from: NavigationStart, hops: URL[]): NavigationStart {
  const here = hops[hops.length - 1]!.origin;
  return hops.some((hop) => hop.origin !== here) ? 'cross-site' : from;
}
