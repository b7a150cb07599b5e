import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiClient, connectSocket, disconnectSocket, type ChatContact, type UserInfo } from 'shared-api';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import { answer, callsTo, mockApi, ok, renderPage, resetSession } from 'test-support/page-harness';
import { initI18n } from '../i18n';
import { AppLayout } from './app-layout';

jest.setTimeout(60_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

initI18n();

const user = (role: UserInfo['role']): UserInfo => ({
  _id: 'me',
  mssv: 'NV001',
  firstName: 'Ngọc',
  lastName: 'Trần Thị Bích',
  email: 'staff@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role,
});

const contact = (id: string, unread: number): ChatContact => ({
  firstName: 'Minh',
  lastName: `Lê ${id}`,
  receiver_id: id,
  role: 'spso',
  location: null,
  unread,
});

function serve(state: { contacts: ChatContact[] }) {
  return mockApi({
    'GET /v1/user/message-list': (config) => answer(config, 200, ok(state.contacts)),
  });
}

beforeEach(async () => {
  await connectSocket();
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('the messages button', () => {
  it('carries the unread total over every contact and follows get-message; it opens the chat', async () => {
    resetSession(user('staff'));
    const state = { contacts: [contact('a', 2), contact('b', 3), contact('c', 0)] };
    const adapter = serve(state);
    renderPage('/', '/', <AppLayout items={[]} />);
    const button = await screen.findByRole('button', { name: /\(5\)/ });
    expect(button.parentElement?.querySelector('.sp-count')).toHaveTextContent('5');

    state.contacts = [contact('a', 2), contact('b', 3), contact('c', 1)];
    act(() =>
      emitFakeSocketEvent('get-message', {
        conversationId: 'x',
        senderId: 'c',
        text: 'mới',
        createdAt: '2026-11-23T01:00:00.000Z',
      }),
    );
    await screen.findByRole('button', { name: /\(6\)/ });

    state.contacts = state.contacts.map((c) => ({ ...c, unread: 0 }));
    act(() =>
      emitFakeSocketEvent('get-message', {
        conversationId: 'x',
        senderId: 'c',
        text: 'đọc rồi',
        createdAt: '2026-11-23T01:01:00.000Z',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /\(\d+\)/ })).not.toBeInTheDocument());
    const calls = callsTo(adapter, 'GET', '/v1/user/message-list').length;
    expect(calls).toBeGreaterThanOrEqual(3);

    fireEvent.click(screen.getAllByRole('button', { name: /Tin nhắn|Messages/ })[0]!);
    expect(await screen.findByRole('button', { name: /Lê a/ })).toBeInTheDocument();
  });

  it('a student has no messages button and never asks for contacts', async () => {
    resetSession(user('student'));
    const adapter = serve({ contacts: [contact('a', 2)] });
    renderPage('/', '/', <AppLayout items={[]} />);
    await screen.findByRole('banner');
    expect(screen.queryByRole('button', { name: /Tin nhắn|Messages/ })).not.toBeInTheDocument();
    expect(callsTo(adapter, 'GET', '/v1/user/message-list')).toHaveLength(0);
  });
});
