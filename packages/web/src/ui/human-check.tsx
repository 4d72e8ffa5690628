/**
 * Human verification at sign-up and login (spec §7: "a human-verification
 * script is loaded and its token is sent as captcha"). Off unless the server
 * names a provider (CAPTCHA_PROVIDER): then the provider's widget shows above
 * the form's button, and its token goes with the request.
 */
import { commonMessages } from '@platter/contract';
import { useEffect, useRef, useState } from 'react';
import { pageConfig, type HumanCheckConfig } from '../lib/page-config';

interface WidgetApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  remove?(widgetId: string): void;
}

const SCRIPTS: Record<HumanCheckConfig['provider'], { src: string; global: string }> = {
  turnstile: { src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', global: 'turnstile' },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off', global: 'hcaptcha' },
};

let loading: Promise<WidgetApi> | null = null;

function loadWidget(provider: HumanCheckConfig['provider']): Promise<WidgetApi> {
  loading ??= new Promise<WidgetApi>((resolve, reject) => {
    const { src, global } = SCRIPTS[provider];
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as Record<string, WidgetApi | undefined>)[global];
      if (api) resolve(api);
      else reject(new Error('no widget'));
    };
    script.onerror = () => reject(new Error('the widget did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    // A later form may try again (the network may be back).
    loading = null;
    throw error;
  });
  return loading;
}

interface HumanCheckProps {
  /** Called with the token once the person has passed, and with undefined when it expires. */
  onToken: (token: string | undefined) => void;
  config?: HumanCheckConfig | null;
}

/**
 * The provider's widget, or nothing when verification is off. Each time it is
 * shown it asks afresh: a form that hides itself while sending (a spinner in
 * its place) gets a new check for its next attempt, as a used token needs.
 */
export function HumanCheckWidget({ onToken, config = pageConfig.captcha }: HumanCheckProps) {
  const box = useRef<HTMLDivElement>(null);
  const tokenListener = useRef(onToken);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    tokenListener.current = onToken;
  }, [onToken]);

  useEffect(() => {
    if (!config) return;
    let cancelled = false;
    let widget: { api: WidgetApi; id: string } | null = null;
    tokenListener.current(undefined);
    loadWidget(config.provider)
      .then((api) => {
        if (cancelled || !box.current) return;
        const id = api.render(box.current, {
          sitekey: config.siteKey,
          theme: 'dark',
          callback: (value: string) => tokenListener.current(value),
          'expired-callback': () => tokenListener.current(undefined),
          'error-callback': () => tokenListener.current(undefined),
        });
        widget = { api, id };
      })
      .catch(() => {
        if (!cancelled) setBroken(true);
      });
    return () => {
      cancelled = true;
      if (widget) widget.api.remove?.(widget.id);
    };
  }, [config]);

  if (!config) return null;
  return (
    <div className="human-check">
      <div ref={box} />
      {broken && (
        <p className="field__error" role="alert">
          {commonMessages.humanCheckFailed}
        </p>
      )}
    </div>
  );
}
