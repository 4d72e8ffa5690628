/**
 * The app box (spec §1 advertises phone apps): Platter is a web app that
 * installs itself. Where the browser offers to install (Chromium's
 * beforeinstallprompt), the box has the button; elsewhere it says how that
 * browser adds it to the home screen; running as the installed app, it hides.
 */
import { useId, useState, useSyncExternalStore } from 'react';
import { getInstallState, isStandalone, promptInstall, subscribeInstall } from '../../lib/install-prompt';
import { pageConfig } from '../../lib/page-config';
import { installHint, installPlatform } from './install-hint';

export function InstallBox() {
  const name = pageConfig.productName;
  const headingId = useId();
  const install = useSyncExternalStore(subscribeInstall, getInstallState, getInstallState);
  const [standalone] = useState(isStandalone);
  const [hint] = useState(() => installHint(installPlatform(navigator.userAgent, navigator.maxTouchPoints), name));
  if (standalone) return null;

  return (
    <section className="aside-panel app-box" aria-labelledby={headingId}>
      <div className="app-box__intro">
        <img className="app-box__icon" src="/icons/icon-192.png" alt="" width={48} height={48} />
        <div>
          <h2 id={headingId} className="aside-panel__title">
            {name} on your phone
          </h2>
          <p className="app-box__text">
            Install {name} on iPhone, Android or your computer. It opens in its own window, straight to the lobby.
          </p>
        </div>
      </div>
      {install.installed ? (
        <p className="app-box__done" role="status">
          Installed! Open {name} from your home screen or app list.
        </p>
      ) : install.canPrompt ? (
        <button type="button" className="button button--primary app-box__install" onClick={() => void promptInstall()}>
          Install {name}
        </button>
      ) : (
        <details className="app-box__how">
          <summary>How to install</summary>
          <p>{hint}</p>
        </details>
      )}
    </section>
  );
}
