import { getChatContacts, SOCKET_EVENTS, useLiveQuery, type ChatContact } from 'shared-api';

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
  const contacts = query.data ?? [];
  return {
    contacts,
    unread: contacts.reduce((sum, c) => sum + (c.unread ?? 0), 0),
    loading: query.loading,
    failed: query.error !== null,
    reload: () => query.reload(false),
  };
}
