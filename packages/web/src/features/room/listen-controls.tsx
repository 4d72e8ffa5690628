/**
 * The player's controls in the room: "Click to listen" when the browser holds
 * the music back (autoplay rules), mute and volume (remembered), and under
 * "Audio" the speakers' latency (Bluetooth) and the sync readout: how far this
 * page's clock is from the server's and its audio from the room's timeline.
 */
import { useState } from 'react';
import { playerMessages } from '@platter/contract';
import { MAX_LATENCY_MS, parseLatency } from '../../live/player-settings';
import { player, usePlayerSettings, useSyncReadout } from '../../live/use-player';
import { syncAdvice } from '../../live/sync-advice';

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

export function ListenControls() {
  const status = useSyncReadout((readout) => readout.status);
  const settings = usePlayerSettings();
  const [open, setOpen] = useState(false);
  if (status === 'idle') return null;
  return (
    <div className="listen-controls">
      {status === 'blocked' ? (
        <button
          type="button"
          className="button button--primary listen-controls__listen"
          onClick={() => player.listen()}
        >
          {playerMessages.clickToListen}
        </button>
      ) : status === 'held' ? (
        <button type="button" className="button" onClick={() => player.listen()}>
          {playerMessages.play}
        </button>
      ) : (
        <button type="button" className="button" onClick={() => player.hold('listener')}>
          {playerMessages.pause}
        </button>
      )}
      <button
        type="button"
        className="button button--small"
        aria-pressed={settings.muted}
        onClick={() => player.changeSettings({ muted: !settings.muted })}
      >
        {settings.muted ? playerMessages.unmute : playerMessages.mute}
      </button>
      <input
        type="range"
        className="listen-controls__volume"
        aria-label={playerMessages.volume}
        min={0}
        max={100}
        value={Math.round(settings.volume * 100)}
        onChange={(event) => player.changeSettings({ volume: Number(event.target.value) / 100, muted: false })}
      />
      <button type="button" className="button button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {playerMessages.audio}
      </button>
      <SyncReadout />
      {open && <AudioPanel latencyMs={settings.latencyMs} />}
      {status === 'blocked' && (
        <p className="listen-controls__advice" role="status">
          {playerMessages.blocked}
        </p>
      )}
      <SyncAdvice />
    </div>
  );
}

function AudioPanel({ latencyMs }: { latencyMs: number }) {
  const [text, setText] = useState(String(latencyMs));
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const value = parseLatency(text);
    if (value === null) return setProblem(playerMessages.latencyInvalid);
    setProblem(null);
    player.changeSettings({ latencyMs: value });
  };
  return (
    <div className="listen-controls__panel">
      <label className="listen-controls__latency">
        {playerMessages.latencyLabel}
        <input
          type="number"
          min={0}
          max={MAX_LATENCY_MS}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={save}
          onKeyDown={(event) => event.key === 'Enter' && save()}
        />
      </label>
      {problem && (
        <p className="listen-controls__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The numbers: clock offset (± how far off it may be) and this page's playback error. */
export function SyncReadout() {
  const offset = useSyncReadout((readout) => readout.offsetMs);
  const bound = useSyncReadout((readout) => readout.clockErrorMs);
  const error = useSyncReadout((readout) => readout.errorMs);
  return (
    <dl className="sync-readout" data-testid="sync-readout">
      <dt>{playerMessages.clock}</dt>
      <dd>
        {ms(offset)} {bound !== null && <span>(± {Math.ceil(bound)} ms)</span>}
      </dd>
      <dt>{playerMessages.playback}</dt>
      <dd>{error === null ? '–' : `${error > 0 ? '+' : ''}${Math.round(error)} ms`}</dd>
    </dl>
  );
}

function SyncAdvice() {
  const advice = useSyncReadout((readout) => syncAdvice(readout, performance.now()));
  return advice ? (
    <p className="listen-controls__advice" role="status">
      {advice}
    </p>
  ) : null;
}
