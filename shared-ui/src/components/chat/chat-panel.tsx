import { useEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Empty, Flex, Input, Spin, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import {
  chatErrorMessage,
  CHAT_MESSAGE_MAX,
  CHAT_PAGE,
  getChatMessages,
  getConversationId,
  joinConversation,
  onSocketChange,
  sendChatMessage,
  SOCKET_EVENTS,
  useSessionStore,
  useSocketEvent,
  type ChatContact,
  type ChatMessage,
} from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { LoadError } from '../load-error/load-error';
import { toVietnamTime } from '../vietnam-time/vietnam-time';
import { chatConversationRead, useChatContacts } from './use-chat-contacts';

const same = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt === b.createdAt && a.senderId === b.senderId && a.text === b.text;

/** Adds messages to a conversation's list, in time order, each once. */
export function mergeMessages(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const merged = [...list];
  for (const m of more) if (!merged.some((x) => same(x, m))) merged.push(m);
  return merged.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function contactName(c: ChatContact): string {
  return `${c.lastName} ${c.firstName}`.trim();
}

/**
 * The chat of staff and officers: the contacts (every staff member and officer but you, with role,
 * location and unread count), the open conversation (newest last, older pages on scrolling up, hh:mm
 * in UTC+7 under a day separator) and the input. Messages go over the socket with its acknowledgement
 * (HTTP when it is down) and arrive live.
 */
export function ChatPanel() {
  const { t } = useTranslation(UI_NAMESPACE);
  const me = useSessionStore((s) => s.user?._id ?? '');
  const { contacts, loading, failed, reload: reloadContacts } = useChatContacts();
  const [contact, setContact] = useState<ChatContact | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [older, setOlder] = useState<'idle' | 'loading' | 'done'>('idle');
  const [opening, setOpening] = useState(false);
  /** The open conversation could not be loaded: said in its place, with a retry (never 'no messages'). */
  const [openFailed, setOpenFailed] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const open = async (next: ChatContact) => {
    setContact(next);
    setOpening(true);
    setOpenFailed(false);
    setError(null);
    // nothing is sent to the conversation shown before until this one is open
    setConversationId(null);
    setMessages([]);
    setOlder('idle');
    try {
      const id = await getConversationId(next.receiver_id);
      setConversationId(id);
      joinConversation(id);
      const page = await getChatMessages(id);
      stickToBottom.current = true;
      setMessages(page);
      if (page.length < CHAT_PAGE) setOlder('done');
      chatConversationRead();
    } catch (err) {
      console.warn('conversation unavailable', err);
      setConversationId(null);
      setOpenFailed(true);
    } finally {
      setOpening(false);
    }
  };

  // a reconnected socket joins the open conversation's room again
  useEffect(
    () =>
      onSocketChange(() => {
        if (conversationId) joinConversation(conversationId);
      }),
    [conversationId],
  );

  useSocketEvent(SOCKET_EVENTS.getMessage, (payload) => {
    const message = payload as ChatMessage;
    if (message.conversationId !== conversationId) return;
    stickToBottom.current = true;
    setMessages((list) => mergeMessages(list, [message]));
    // read as it arrives: the server's read mark moves with a one-message page
    void getChatMessages(message.conversationId, undefined, 1)
      .then(() => chatConversationRead())
      .catch(() => undefined);
  });

  useEffect(() => {
    const el = area.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const loadOlder = async () => {
    const first = messages[0];
    if (!conversationId || !first || older !== 'idle') return;
    setOlder('loading');
    const el = area.current;
    const fromBottom = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const page = await getChatMessages(conversationId, first.createdAt);
      stickToBottom.current = false;
      setMessages((list) => mergeMessages(list, page));
      setOlder(page.length < CHAT_PAGE ? 'done' : 'idle');
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - fromBottom;
      });
    } catch {
      setOlder('idle');
    }
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (event.currentTarget.scrollTop < 40) void loadOlder();
  };

  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_MESSAGE_MAX;
  const send = async () => {
    if (!conversationId || !trimmed || tooLong || sending) return;
    setSending(true);
    setError(null);
    try {
      const saved = await sendChatMessage(conversationId, trimmed);
      stickToBottom.current = true;
      setMessages((list) => mergeMessages(list, [saved]));
      setText('');
    } catch (err) {
      setError(chatErrorMessage(err, t('chat.sendFailed')));
    } finally {
      setSending(false);
    }
  };

  let lastDay = '';
  return (
    <Flex vertical gap={12} className="sp-chat">
      <nav aria-label={t('chat.contacts')} className="sp-chat-contacts">
        {loading && contacts.length === 0 ? <Spin size="small" /> : null}
        {failed ? <LoadError title={t('chat.contactsFailed')} onRetry={reloadContacts} /> : null}
        <Flex gap={8} wrap>
          {contacts.map((c) => (
            <Badge key={c.receiver_id} count={c.unread} size="small">
              <Button
                type={contact?.receiver_id === c.receiver_id ? 'primary' : 'default'}
                aria-pressed={contact?.receiver_id === c.receiver_id}
                onClick={() => void open(c)}
              >
                <span>{contactName(c)}</span>
                <Typography.Text
                  type={contact?.receiver_id === c.receiver_id ? undefined : 'secondary'}
                  className="sp-chat-contact-meta"
                  style={{ fontSize: 12, color: contact?.receiver_id === c.receiver_id ? '#fff' : undefined }}
                >
                  {t(`chat.roles.${c.role}`)}
                  {c.location ? ` · ${c.location.facility} ${c.location.department}` : ''}
                </Typography.Text>
              </Button>
            </Badge>
          ))}
        </Flex>
      </nav>
      <section aria-label={contact ? t('chat.with', { name: contactName(contact) }) : t('chat.title')}>
        <div
          ref={area}
          className="sp-chat-messages"
          role="log"
          aria-live="polite"
          tabIndex={0}
          onScroll={onScroll}
          style={{ height: 360, overflowY: 'auto', padding: 8 }}
        >
          {!contact ? <Empty description={t('chat.pick')} /> : null}
          {opening ? <Spin /> : null}
          {older === 'loading' ? <Spin size="small" /> : null}
          {contact && !opening && openFailed ? (
            <LoadError title={t('chat.loadFailed')} onRetry={() => void open(contact)} />
          ) : null}
          {contact && !opening && !openFailed && messages.length === 0 ? <Empty description={t('chat.empty')} /> : null}
          {messages.map((m) => {
            const { date, time } = toVietnamTime(m.createdAt);
            const separator = date !== lastDay ? date : null;
            lastDay = date;
            const mine = m.senderId === me;
            return (
              <div key={`${m.createdAt}-${m.senderId}-${m.text.length}`}>
                {separator ? (
                  <Typography.Text
                    type="secondary"
                    className="sp-chat-day"
                    style={{ display: 'block', textAlign: 'center', margin: '8px 0', fontSize: 12 }}
                  >
                    {separator}
                  </Typography.Text>
                ) : null}
                <Flex justify={mine ? 'flex-end' : 'flex-start'} style={{ margin: '4px 0' }}>
                  <div
                    className={mine ? 'sp-chat-message sp-chat-mine' : 'sp-chat-message'}
                    style={{
                      maxWidth: '80%',
                      padding: '6px 10px',
                      borderRadius: 12,
                      background: mine ? '#dbe7ff' : '#f0f0f0',
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    <span className="sp-chat-text">{m.text}</span>{' '}
                    <Typography.Text type="secondary" className="sp-chat-time" style={{ fontSize: 12 }}>
                      {time.slice(0, 5)}
                    </Typography.Text>
                  </div>
                </Flex>
              </div>
            );
          })}
        </div>
      </section>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Flex gap={8} align="start">
        <Input.TextArea
          aria-label={t('chat.input')}
          placeholder={t('chat.placeholder')}
          value={text}
          disabled={!conversationId}
          autoSize={{ minRows: 1, maxRows: 4 }}
          status={tooLong ? 'error' : undefined}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          disabled={!conversationId || !trimmed || tooLong}
          onClick={() => void send()}
        >
          {t('chat.send')}
        </Button>
      </Flex>
      {tooLong ? <Typography.Text type="danger">{t('chat.tooLong', { max: CHAT_MESSAGE_MAX })}</Typography.Text> : null}
    </Flex>
  );
}
