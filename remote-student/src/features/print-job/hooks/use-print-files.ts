import { useCallback, useMemo, useRef, useState } from 'react';
import {
  formatPageRanges,
  parsePageRanges,
  printCost,
  type PageRangeResult,
  type PrintDocumentOption,
} from 'shared-api';
import { extensionOf, normaliseFileTypes } from '../file-types';
import { countPages } from '../pdf-pages';

export type FileOptions = Omit<PrintDocumentOption, 'pages'>;

/** The spec's defaults: A4, 1 copy, normal colour, portrait, 1 page per sheet, 1 side. */
export const DEFAULT_OPTIONS: FileOptions = {
  paperSize: 'A4',
  numVersion: 1,
  colorOption: false,
  landScapeOption: false,
  pagesPerSheet: 1,
  numSides: 1,
};

export interface SelectedFile {
  uid: string;
  file: File;
  options: FileOptions;
  pagesMode: 'all' | 'custom';
  pagesText: string;
  /** Pages counted in the browser (PDF, images); null when the server will count. */
  pageCount: number | null;
  counting: boolean;
}

/** A selected file with what follows from its options: the pages it selects and its cost. */
export interface PricedFile extends SelectedFile {
  range: PageRangeResult;
  /** A4 pages it costs; null until the page count is known. */
  cost: number | null;
}

/** Why a file was not added (a toast tells the student). */
export type AddRefusal = { reason: 'duplicate' | 'type'; name: string };

let nextUid = 0;

/** The files chosen for one print request, their options, page counts and costs. */
export function usePrintFiles(allowedTypes: readonly string[]) {
  const [files, setFiles] = useState<SelectedFile[]>([]);
  // Names chosen so far, kept in step with `files` so several files added in one go see each other.
  const names = useRef(new Set<string>());
  const allowed = useMemo(() => normaliseFileTypes(allowedTypes), [allowedTypes]);

  const update = useCallback((uid: string, patch: Partial<SelectedFile>) => {
    setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));
  }, []);

  /** Adds one file unless its name is already chosen or its type is not allowed. */
  const add = useCallback(
    (file: File): AddRefusal | null => {
      if (!allowed.includes(extensionOf(file.name))) return { reason: 'type', name: file.name };
      if (names.current.has(file.name)) return { reason: 'duplicate', name: file.name };
      names.current.add(file.name);
      const uid = `f${(nextUid += 1)}`;
      setFiles((list) => [
        ...list,
        {
          uid,
          file,
          options: DEFAULT_OPTIONS,
          pagesMode: 'all',
          pagesText: '',
          pageCount: null,
          counting: true,
        },
      ]);
      void countPages(file).then((pageCount) => update(uid, { pageCount, counting: false }));
      return null;
    },
    [allowed, update],
  );

  const remove = useCallback((uid: string) => {
    setFiles((list) => {
      const gone = list.find((f) => f.uid === uid);
      if (gone) names.current.delete(gone.file.name);
      return list.filter((f) => f.uid !== uid);
    });
  }, []);

  const setOptions = useCallback(
    (uid: string, patch: Partial<FileOptions>) =>
      setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, options: { ...f.options, ...patch } } : f))),
    [],
  );

  /** Empties the list: after a successful send nothing of that request stays to be sent again. */
  const clear = useCallback(() => {
    names.current.clear();
    setFiles([]);
  }, []);

  const priced: PricedFile[] = useMemo(
    () =>
      files.map((f) => {
        const range = parsePageRanges(f.pagesMode === 'all' ? 'all' : f.pagesText, f.pageCount);
        const cost = range.ok && range.selected !== null ? printCost(range.selected, f.options) : null;
        return { ...f, range, cost };
      }),
    [files],
  );

  const total = priced.reduce((sum, f) => sum + (f.cost ?? 0), 0);
  const unknown = priced.some((f) => f.cost === null);
  const invalid = priced.some((f) => !f.range.ok);

  return {
    files: priced,
    allowed,
    add,
    remove,
    clear,
    update,
    setOptions,
    total,
    unknown,
    invalid,
  };
}

/** The options sent for a file, with its pages normalised ('all' or '1-3,5'). */
export function documentOptions(file: PricedFile): PrintDocumentOption {
  return {
    ...file.options,
    pages: file.range.ok ? formatPageRanges(file.range.ranges) : 'all',
  };
}
