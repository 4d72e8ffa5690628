/**
 * Asking the PM panel (features/pm) to open a conversation, from anywhere in
 * the app: a profile's "Send a message" button calls `openPrivateChat`, and
 * the panel, mounted once in the app shell, listens. Features never import
 * each other, so this small channel sits between them.
 */
export interface PrivateChatPartner {
  userid: string;
  name: string;
  avatarid?: number | undefined;
}

type Listener = (partner: PrivateChatPartner) => void;

const listeners = new Set<Listener>();

export function openPrivateChat(partner: PrivateChatPartner): void {
  for (const listener of [...listeners]) listener(partner);
}

/** The PM panel's side: called with each conversation asked for; returns the function that stops listening. */
export function onPrivateChatRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
