import { act, renderHook, waitFor } from '@testing-library/react';
import { usePrintFiles } from './use-print-files';

const TYPES = ['pdf', 'txt'];
const file = (name: string) => new File(['x'], name, { type: 'application/octet-stream' });

describe('usePrintFiles', () => {
  it('clear() empties the list after a send: nothing of that request can be sent again', async () => {
    const { result } = renderHook(() => usePrintFiles(TYPES));
    act(() => {
      expect(result.current.add(file('a.txt'))).toBeNull();
      expect(result.current.add(file('b.txt'))).toBeNull();
    });
    await waitFor(() => expect(result.current.files.every((f) => !f.counting)).toBe(true));
    expect(result.current.files.map((f) => f.file.name)).toEqual(['a.txt', 'b.txt']);

    act(() => result.current.clear());
    expect(result.current.files).toEqual([]);
    expect(result.current.total).toBe(0);
    // the names are free again: the same file may be chosen for the next request
    act(() => {
      expect(result.current.add(file('a.txt'))).toBeNull();
    });
    expect(result.current.files.map((f) => f.file.name)).toEqual(['a.txt']);
  });
});
