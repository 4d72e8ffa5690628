/**
 * Tabs as the ARIA pattern has them: a tablist of buttons (arrow keys, Home and
 * End move between them; only the selected one is in the tab order) over panels.
 * A panel is mounted the first time it is chosen and then kept (hidden when not
 * chosen), so what it holds — a chat's scroll, a half-typed name — survives.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<Id extends string> {
  id: Id;
  label: ReactNode;
  panel: ReactNode;
  /** Extra classes for this tab's panel. */
  panelClassName?: string;
}

interface TabsProps<Id extends string> {
  /** What the set of tabs is, for screen readers. */
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  className?: string;
}

export function Tabs<Id extends string>({ label, tabs, selected, onSelect, className = '' }: TabsProps<Id>) {
  const base = useId();
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const [visited, setVisited] = useState<ReadonlySet<Id>>(() => new Set([selected]));
  if (!visited.has(selected)) setVisited(new Set([...visited, selected]));

  const choose = (id: Id) => {
    onSelect(id);
    buttons.current.get(id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    const tab = to === null ? undefined : tabs[to];
    if (!tab) return;
    event.preventDefault();
    choose(tab.id);
  };

  return (
    <div className={`tabs ${className}`}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            className="tabs__tab"
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          className={`tabs__panel ${tab.panelClassName ?? ''}`}
          hidden={tab.id !== selected}
        >
          {visited.has(tab.id) && tab.panel}
        </div>
      ))}
    </div>
  );
}
