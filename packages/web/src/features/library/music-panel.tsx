/**
 * My music (docs/music.md, "In the page"): the member's playlists, the space
 * they use, uploads, the queue (the active playlist) and the library with its
 * search. The room shows it beside the chat (a sheet on a phone); the lobby
 * opens it as a modal (/music).
 */
import { useState, type DragEvent } from 'react';
import { useCurrentUser } from '../../session/use-session';
import { MembersOnly } from '../../ui/members-only';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { errorText } from '../../api/client';
import { formatBytes, quotaShare } from './format';
import { LibraryList } from './library-list';
import { libraryPanelMessages } from '@platter/contract';
import { PlaylistBar } from './playlist-bar';
import { QueueList } from './queue-list';
import { UploadBox } from './upload-box';
import { useLibraryFacts, useQueue } from './use-library';
import { usePreview } from './use-preview';
import { useUploads } from './use-uploads';
import './library.css';

export function MusicPanel() {
  const user = useCurrentUser();
  if (!user?.registered) return <MembersOnly reason={libraryPanelMessages.membersOnly} />;
  return <MemberMusic />;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

function MemberMusic() {
  const facts = useLibraryFacts();
  const uploads = useUploads(facts.data?.maxFile);
  const queue = useQueue();
  const preview = usePreview();
  const [tab, setTab] = useState<'queue' | 'library'>('queue');
  const [dropping, setDropping] = useState(false);
  const songs = queue.data ?? [];
  const queued = new Set(songs.map((song) => song._id));

  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    // Leaving for a child of the panel is not leaving the panel.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    uploads.add([...event.dataTransfer.files]);
    setTab('queue');
  };

  return (
    <section
      className={`music${dropping ? ' is-dropping' : ''}`}
      aria-label={libraryPanelMessages.title}
      data-testid="music-panel"
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <PlaylistBar />
      {facts.data && <SpaceUsed used={facts.data.used} quota={facts.data.quota} />}
      <UploadBox uploads={uploads} />
      {preview.problem && (
        <p className="music__problem" role="alert">
          {preview.problem}
        </p>
      )}
      <Tabs
        label={libraryPanelMessages.yourSongs}
        className="music__tabs"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'queue',
            label: queue.data
              ? libraryPanelMessages.tabCount(libraryPanelMessages.queueTab, songs.length)
              : libraryPanelMessages.queueTab,
            panel: queue.isPending ? (
              <Spinner label={libraryPanelMessages.loadingQueue} />
            ) : queue.isError ? (
              <p className="music__problem" role="alert">
                {errorText(queue.error)}
              </p>
            ) : (
              <QueueList songs={songs} preview={preview} />
            ),
          },
          {
            id: 'library',
            label: facts.data
              ? libraryPanelMessages.tabCount(libraryPanelMessages.libraryTab, facts.data.total)
              : libraryPanelMessages.libraryTab,
            panel: <LibraryList queued={queued} preview={preview} />,
          },
        ]}
      />
      {dropping && (
        <div className="music__drop" aria-hidden="true">
          {libraryPanelMessages.dropHere}
        </div>
      )}
    </section>
  );
}

/** The quota bar: how much of the member's space their songs take. */
function SpaceUsed({ used, quota }: { used: number; quota: number }) {
  const share = quotaShare(used, quota);
  const text = libraryPanelMessages.space(formatBytes(used), formatBytes(quota));
  return (
    <div className={`space${share > 0.9 ? ' is-nearly-full' : ''}`}>
      <div
        className="space__bar"
        role="meter"
        aria-label={libraryPanelMessages.spaceLabel}
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={Math.min(used, quota)}
        aria-valuetext={text}
      >
        <span className="space__fill" style={{ width: `${share * 100}%` }} />
      </div>
      <span className="space__text">{text}</span>
    </div>
  );
}
