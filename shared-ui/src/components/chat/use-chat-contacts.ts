import { useEffect } from 'react';
import { getChatContacts, SOCKET_EVENTS, useLiveQuery, type ChatContact } from 'shared-api';

/** Every mounted contact list (the drawer's, the messages button's): reloaded when a conversation is read. */
const readListeners = new Set<() => void>();

/** A conversation was read here: every contact list (and the unread badge) reloads. */
export function chatConversationRead(): void {
  for (const listener of readListeners) listener();
}

export interface ChatContactsState {
  contacts: ChatContact[];
  /** Messages not read yet, over every contact (the messages button's badge). */
  unread: number;
  loading: boolean;
  failed: boolean;
  reload(): void;
}

/** The chat contacts with their unread counts, reloaded quietly whenever a message arrives. */
export function useChatContacts(enabled = true): ChatContactsState {
  const query = useLiveQuery(
    enabled ? 'chat-contacts' : null,
    (signal) => (enabled ? getChatContacts(signal) : Promise.resolve([])),
    { refetchOn: enabled ? SOCKET_EVENTS.getMessage : undefined },
  );
  const { reload } = query;
  useEffect(() => {
    if (!enabled) return undefined;
    const listener = () => reload(true);
    readListeners.add(listener);
    return () => {
      readListeners.delete(listener);
    };
  }, [enabled, reload]);
  const contacts = query.data ?? [];
  return {
    contacts,
    unread: contacts.reduce((sum, c) => sum + (c.unread ?? 0), 0),
    loading: query.loading,
    failed: query.error !== null,
    reload: () => query.reload(false),
  };
}
