/**
 * The headband (spec §2): an alert bar across the top, in its colour (red by
 * default), with the staff's text and a close control. Closed, it stays
 * hidden for 21 days (spec §4, §9).
 */
import { useState } from 'react';
import type { Headband } from '@platter/contract';
import { LinkedText } from '../../ui/linked-text';
import { hideHeadband, isHeadbandHidden } from './hidden-headbands';
import { useHeadbands } from './use-headbands';

export function Headbands() {
  const { data } = useHeadbands();
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = (data?.headbands ?? []).filter((band) => !closed.has(band.id) && !isHeadbandHidden(band.id));
  if (shown.length === 0) return null;

  const close = (id: string) => {
    hideHeadband(id);
    setClosed((ids) => new Set(ids).add(id));
  };

  return (
    <div className="headbands">
      {shown.map((band) => (
        <HeadbandBar key={band.id} band={band} onClose={() => close(band.id)} />
      ))}
    </div>
  );
}

function HeadbandBar({ band, onClose }: { band: Headband; onClose: () => void }) {
  return (
    <section className={`headband headband--${band.color}`} aria-label="Announcement">
      <LinkedText className="headband__text" text={band.content} />
      <button type="button" className="headband__close" aria-label="Hide this announcement" onClick={onClose}>
        ×
      </button>
    </section>
  );
}
