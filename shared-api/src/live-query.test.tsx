import { act, renderHook, waitFor } from '@testing-library/react';
import { emitFakeReconnect, emitFakeSocketEvent } from 'test-support/fake-socket';
import { useLiveQuery } from './live-query';
import { connectSocket, disconnectSocket } from './socket';
import { tokenStorage } from './tokens';

jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLiveQuery', () => {
  it('loads for its key, keeps the data while reloading quietly, and reloads when the key changes', async () => {
    const calls: string[] = [];
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) =>
        useLiveQuery(key, async () => {
          calls.push(key);
          return `data:${key}`;
        }),
      { initialProps: { key: 'a' } },
    );
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toBe('data:a'));
    expect(result.current.loading).toBe(false);

    act(() => result.current.reload(true));
    expect(result.current.loading).toBe(false);
    expect(result.current.data).toBe('data:a');

    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.data).toBe('data:b'));
    expect(calls).toEqual(['a', 'a', 'b']);
  });

  it('a late answer of an older request never overwrites a newer one (the older is aborted)', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const answers = [first.promise, second.promise];
    const { result } = renderHook(() =>
      useLiveQuery('k', (signal) => {
        signals.push(signal);
        return answers[signals.length - 1] ?? Promise.resolve('extra');
      }),
    );
    act(() => result.current.reload(true));
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => second.resolve('new'));
    await act(async () => first.resolve('old'));
    expect(result.current.data).toBe('new');
  });

  it('a failure keeps the last data and reports the error until a success clears it', async () => {
    let fail = false;
    const { result } = renderHook(() =>
      useLiveQuery('k', async () => {
        if (fail) throw new Error('down');
        return 42;
      }),
    );
    await waitFor(() => expect(result.current.data).toBe(42));
    fail = true;
    await act(async () => result.current.reload(true));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.data).toBe(42);
    fail = false;
    await act(async () => result.current.reload(true));
    await waitFor(() => expect(result.current.error).toBeNull());
  });

  it('reloads quietly on its realtime event and when the connection comes back, not otherwise', async () => {
    tokenStorage.set('acc', 'ref');
    await connectSocket();
    try {
      let calls = 0;
      const onEvent = jest.fn();
      const { result } = renderHook(() =>
        useLiveQuery(
          'k',
          async () => {
            calls += 1;
            return calls;
          },
          { refetchOn: 'update-printer-list', onEvent },
        ),
      );
      await waitFor(() => expect(result.current.data).toBe(1));
      act(() => emitFakeSocketEvent('update-printer-list'));
      await waitFor(() => expect(result.current.data).toBe(2));
      act(() => emitFakeReconnect());
      await waitFor(() => expect(result.current.data).toBe(3));
      expect(onEvent).toHaveBeenCalledTimes(2);
      act(() => emitFakeSocketEvent('update-student-history'));
      expect(result.current.data).toBe(3);
    } finally {
      disconnectSocket();
      tokenStorage.clear();
    }
  });

  it('a query without a realtime event ignores the reconnection', async () => {
    tokenStorage.set('acc', 'ref');
    await connectSocket();
    try {
      let calls = 0;
      renderHook(() => useLiveQuery('k', async () => (calls += 1)));
      await waitFor(() => expect(calls).toBe(1));
      act(() => emitFakeReconnect());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toBe(1);
    } finally {
      disconnectSocket();
      tokenStorage.clear();
    }
  });
});
