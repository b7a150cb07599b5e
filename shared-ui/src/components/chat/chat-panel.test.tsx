import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  apiClient,
  connectSocket,
  disconnectSocket,
  getSocket,
  type ChatContact,
  type ChatMessage,
  type UserInfo,
} from 'shared-api';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import { answer, callsTo, initI18n, mockApi, ok, refused, renderPage, resetSession } from 'test-support/page-harness';
import { ChatPanel, mergeMessages } from './chat-panel';

jest.setTimeout(60_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const me: UserInfo = {
  _id: 'me',
  mssv: 'NV001',
  firstName: 'Ngọc',
  lastName: 'Trần Thị Bích',
  email: 'staff@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role: 'staff',
};

const officer: ChatContact = {
  firstName: 'Minh',
  lastName: 'Lê Hoàng',
  receiver_id: 'o1',
  role: 'spso',
  location: { facility: 'CS1', department: 'A4', room: '402' },
  unread: 2,
};
const colleague: ChatContact = {
  ...officer,
  firstName: 'Vũ',
  lastName: 'Đặng Quốc',
  receiver_id: 's2',
  role: 'staff',
  unread: 0,
};

const msg = (text: string, at: string, senderId = 'o1'): ChatMessage => ({
  conversationId: 'c1',
  senderId,
  text,
  createdAt: at,
});

function serve(state: { contacts: ChatContact[]; pages: ChatMessage[][] }) {
  return mockApi({
    'GET /v1/user/message-list': (config) => answer(config, 200, ok(state.contacts)),
    'GET /v1/user/conversation-id': (config) => answer(config, 200, ok([{ conversationId: 'c1' }])),
    'GET /v1/user/message': (config) => {
      const before = (config.params as { before?: string }).before;
      const limit = Number((config.params as { limit?: number }).limit);
      if (limit === 1) return answer(config, 200, ok([]));
      return answer(config, 200, ok(before ? (state.pages[1] ?? []) : (state.pages[0] ?? [])));
    },
    'POST /v1/user/message': (config) => {
      const body = JSON.parse(String(config.data)) as { text: string };
      if (body.text === 'bị từ chối') return answer(config, 403, refused('Bạn không thuộc cuộc trò chuyện này'));
      return answer(config, 200, ok(msg(body.text, '2026-11-23T02:00:00.000Z', 'me')));
    },
  });
}

const renderChat = () => renderPage('/', '/', <ChatPanel />);

beforeAll(() => initI18n('test', { vi: {}, en: {} }));
beforeEach(async () => {
  await connectSocket();
  resetSession(me);
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
  jest.restoreAllMocks();
});

describe('ChatPanel', () => {
  it('lists the contacts with role, place and unread count', async () => {
    serve({ contacts: [officer, colleague], pages: [[]] });
    renderChat();
    const button = await screen.findByRole('button', { name: /Lê Hoàng Minh/ });
    expect(button).toHaveTextContent('Quản trị viên SPSO · CS1 A4');
    expect(within(button.parentElement as HTMLElement).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Đặng Quốc Vũ/ })).toHaveTextContent('Nhân viên');
    expect(screen.getByText('Chọn một người để bắt đầu trò chuyện')).toBeInTheDocument();
  });

  it('opens a conversation: newest last, hh:mm in UTC+7 under a day separator, the send rules', async () => {
    const adapter = serve({
      contacts: [officer],
      pages: [[msg('Chào chị', '2026-11-22T16:59:00.000Z'), msg('Máy B3-203 sao rồi?', '2026-11-22T17:01:00.000Z')]],
    });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: /Lê Hoàng Minh/ }));
    const log = await screen.findByRole('log');
    await within(log).findByText('Máy B3-203 sao rồi?');
    // 16:59 UTC is 23:59 on the 22nd in Vietnam, 17:01 UTC is 00:01 on the 23rd: two day separators
    expect(within(log).getByText('2026-11-22')).toBeInTheDocument();
    expect(within(log).getByText('2026-11-23')).toBeInTheDocument();
    expect(within(log).getByText('23:59')).toBeInTheDocument();
    expect(within(log).getByText('00:01')).toBeInTheDocument();
    expect(callsTo(adapter, 'GET', '/v1/user/conversation-id')[0]?.params).toEqual({ receiver_id: 'o1' });

    const input = screen.getByRole('textbox', { name: 'Nội dung tin nhắn' });
    const send = screen.getByRole('button', { name: /Gửi/ });
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: 'x'.repeat(2001) } });
    expect(send).toBeDisabled();
    expect(screen.getByText('Tin nhắn không được dài quá 2000 ký tự')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '  Đang sửa ạ  ' } });
    fireEvent.click(send);
    await within(log).findByText('Đang sửa ạ');
    expect(callsTo(adapter, 'POST', '/v1/user/message')[0]?.body).toEqual({ conversationId: 'c1', text: 'Đang sửa ạ' });
    expect(input).toHaveValue('');
  });

  it('a message arriving live shows in the open conversation, once; a refusal shows its message', async () => {
    serve({ contacts: [officer], pages: [[msg('Chào chị', '2026-11-23T01:00:00.000Z')]] });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: /Lê Hoàng Minh/ }));
    const log = await screen.findByRole('log');
    await within(log).findByText('Chào chị');
    const live = msg('Xong chưa chị?', '2026-11-23T01:05:00.000Z');
    act(() => {
      emitFakeSocketEvent('get-message', live);
      emitFakeSocketEvent('get-message', live);
      emitFakeSocketEvent('get-message', { ...live, conversationId: 'other', text: 'của người khác' });
    });
    await within(log).findByText('Xong chưa chị?');
    expect(within(log).getAllByText('Xong chưa chị?')).toHaveLength(1);
    expect(within(log).queryByText('của người khác')).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Nội dung tin nhắn' }), { target: { value: 'bị từ chối' } });
    fireEvent.click(screen.getByRole('button', { name: /Gửi/ }));
    expect(await screen.findByText('Bạn không thuộc cuộc trò chuyện này')).toBeInTheDocument();
  });

  it('contacts that could not load say so with a retry; the retry loads them', async () => {
    let up = false;
    const adapter = serve({ contacts: [officer], pages: [[]] });
    const served = adapter.getMockImplementation()!;
    adapter.mockImplementation((config: InternalAxiosRequestConfig) =>
      config.url === '/v1/user/message-list' && !up
        ? answer(config, 500, { success: false, message: 'Lỗi máy chủ' })
        : served(config),
    );
    renderChat();
    const contacts = screen.getByRole('navigation', { name: 'Danh bạ' });
    expect(await within(contacts).findByText('Không tải được danh bạ')).toBeInTheDocument();
    up = true;
    fireEvent.click(within(contacts).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('button', { name: /Lê Hoàng Minh/ })).toBeInTheDocument();
    expect(within(contacts).queryByText('Không tải được danh bạ')).not.toBeInTheDocument();
  });

  it('a conversation that could not open says so with a retry, never "no messages"; the retry opens it', async () => {
    let up = false;
    const adapter = serve({ contacts: [officer], pages: [[msg('Chào chị', '2026-11-23T01:00:00.000Z')]] });
    const served = adapter.getMockImplementation()!;
    adapter.mockImplementation((config: InternalAxiosRequestConfig) =>
      config.url === '/v1/user/message' && config.method === 'get' && !up
        ? answer(config, 500, { success: false, message: 'Lỗi máy chủ' })
        : served(config),
    );
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: /Lê Hoàng Minh/ }));
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Không tải được cuộc trò chuyện')).toBeInTheDocument();
    expect(within(log).queryByText('Chưa có tin nhắn nào')).not.toBeInTheDocument();
    // nothing can be sent to a conversation that is not open
    expect(screen.getByRole('textbox', { name: 'Nội dung tin nhắn' })).toBeDisabled();
    up = true;
    fireEvent.click(within(log).getByRole('button', { name: 'Thử lại' }));
    expect(await within(log).findByText('Chào chị')).toBeInTheDocument();
    expect(within(log).queryByText('Không tải được cuộc trò chuyện')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nội dung tin nhắn' })).toBeEnabled();
  });

  it('the unread counts reload when a message arrives', async () => {
    const state = { contacts: [{ ...officer, unread: 0 }], pages: [[]] as ChatMessage[][] };
    const adapter = serve(state);
    renderChat();
    await screen.findByRole('button', { name: /Lê Hoàng Minh/ });
    const before = callsTo(adapter, 'GET', '/v1/user/message-list').length;
    state.contacts = [{ ...officer, unread: 3 }];
    act(() => emitFakeSocketEvent('get-message', msg('mới', '2026-11-23T03:00:00.000Z')));
    await waitFor(() => expect(callsTo(adapter, 'GET', '/v1/user/message-list').length).toBeGreaterThan(before));
    expect(await screen.findByText('3')).toBeInTheDocument();
  });
});

/** Makes this test's fake socket connected, answering create-message with `reply` (others get no ack). */
function liveSocket(reply: (payload: { conversationId: string; text: string }) => unknown) {
  const socket = getSocket() as unknown as { connected: boolean; emit: jest.Mock };
  socket.connected = true;
  socket.emit = jest.fn((event: string, payload: unknown, ack?: (answer: unknown) => void) => {
    if (event === 'create-message' && ack) ack(reply(payload as { conversationId: string; text: string }));
  });
  return socket.emit;
}

describe('ChatPanel over the socket', () => {
  it('opening a conversation joins its room; a message goes over the socket and its ack shows it', async () => {
    const emit = liveSocket(({ conversationId, text }) => ({
      ok: true,
      data: { conversationId, senderId: 'me', text, createdAt: '2026-11-23T02:10:00.000Z' },
    }));
    const adapter = serve({ contacts: [officer], pages: [[msg('Chào chị', '2026-11-23T01:00:00.000Z')]] });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: /Lê Hoàng Minh/ }));
    const log = await screen.findByRole('log');
    await within(log).findByText('Chào chị');
    expect(emit).toHaveBeenCalledWith('join-room', 'c1');

    fireEvent.change(screen.getByRole('textbox', { name: 'Nội dung tin nhắn' }), {
      target: { value: '  Qua socket  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Gửi/ }));
    await within(log).findByText('Qua socket');
    expect(within(log).getByText('09:10')).toBeInTheDocument();
    expect(emit).toHaveBeenCalledWith(
      'create-message',
      { conversationId: 'c1', text: 'Qua socket' },
      expect.any(Function),
    );
    expect(callsTo(adapter, 'POST', '/v1/user/message')).toHaveLength(0);
    // the same message echoed by get-message stays once
    act(() => emitFakeSocketEvent('get-message', msg('Qua socket', '2026-11-23T02:10:00.000Z', 'me')));
    expect(within(log).getAllByText('Qua socket')).toHaveLength(1);
  });

  it('a refusal in the ack shows its message; an empty text is never sent', async () => {
    const emit = liveSocket(() => ({
      ok: false,
      code: 'TOO_MANY_REQUESTS',
      message: 'Bạn gửi tin nhắn quá nhanh, vui lòng chờ một chút',
    }));
    const adapter = serve({ contacts: [officer], pages: [[]] });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: /Lê Hoàng Minh/ }));
    await screen.findByRole('log');
    const input = screen.getByRole('textbox', { name: 'Nội dung tin nhắn' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: /Gửi/ }));
    expect(emit.mock.calls.filter(([event]) => event === 'create-message')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'nhanh quá' } });
    fireEvent.click(screen.getByRole('button', { name: /Gửi/ }));
    expect(await screen.findByText('Bạn gửi tin nhắn quá nhanh, vui lòng chờ một chút')).toBeInTheDocument();
    expect(callsTo(adapter, 'POST', '/v1/user/message')).toHaveLength(0);
  });
});

describe('mergeMessages', () => {
  it('keeps time order and each message once', () => {
    const a = msg('a', '2026-01-01T00:00:00.000Z');
    const b = msg('b', '2026-01-01T00:01:00.000Z');
    expect(mergeMessages([b], [a, b]).map((m) => m.text)).toEqual(['a', 'b']);
  });
});
