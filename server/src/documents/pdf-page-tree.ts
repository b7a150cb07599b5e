import { PDFArray, PDFDict, PDFName, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib';

/**
 * Counts the pages of a PDF by walking its page tree once per node, instead of pdf-lib's getPageCount,
 * which expands every path of the tree: a 1.4 KB file whose 9 levels each list the next level ten times
 * (the same object) makes 10⁹ leaves and kills the process. Here a node met twice (shared Kids or a
 * cycle), a tree deeper than maxDepth or more leaves than maxPages stops the walk at once, so the work
 * is bounded by the file's own size and maxPages. /Count is never read: only leaves count.
 */

/** Why a page tree is refused; the caller words the message. */
export type PageTreeProblem = 'no-tree' | 'shared-node' | 'cycle' | 'too-deep' | 'too-many-pages' | 'empty';

export class PageTreeError extends Error {
  constructor(
    readonly problem: PageTreeProblem,
    readonly limit?: number,
  ) {
    super(`page tree refused: ${problem}`);
    this.name = 'PageTreeError';
  }
}

export interface PageTreeLimits {
  maxPages: number;
  maxDepth: number;
}

const KIDS = PDFName.of('Kids');
const PAGES = PDFName.of('Pages');
const TYPE = PDFName.of('Type');
const PAGE_TYPE = PDFName.of('Page');

/** Pages of the document; throws PageTreeError when the tree is missing, malformed or too large. */
export function countPageTree(pdf: PDFDocument, limits: PageTreeLimits): number {
  return pageTreeLeaves(pdf, limits).length;
}

/**
 * The pages of the document in order (the leaves of its tree, each met once); throws PageTreeError
 * when the tree is missing, malformed or too large.
 */
export function pageTreeLeaves(pdf: PDFDocument, limits: PageTreeLimits): PDFDict[] {
  const { context } = pdf;
  const rootRef = pdf.catalog.get(PAGES);
  const root = rootRef === undefined ? undefined : context.lookup(rootRef);
  if (!(root instanceof PDFDict)) throw new PageTreeError('no-tree');

  // every node by identity: an indirect one by its reference, a direct one by its object
  const seen = new Set<string | PDFObject>();
  const onPath = new Set<string | PDFObject>();
  const leaves: PDFDict[] = [];

  const visit = (ref: PDFObject, depth: number): void => {
    const key = ref instanceof PDFRef ? ref.tag : ref;
    if (onPath.has(key)) throw new PageTreeError('cycle');
    if (seen.has(key)) throw new PageTreeError('shared-node');
    if (depth > limits.maxDepth) throw new PageTreeError('too-deep', limits.maxDepth);
    seen.add(key);
    const node = ref instanceof PDFRef ? context.lookup(ref) : ref;
    // a leaf is a /Page, or any dictionary without Kids (some writers omit /Type); anything else is skipped
    if (!(node instanceof PDFDict)) return;
    const kids = node.get(KIDS);
    const kidsArray = kids instanceof PDFRef ? context.lookup(kids) : kids;
    if (node.get(TYPE) === PAGE_TYPE || !(kidsArray instanceof PDFArray)) {
      leaves.push(node);
      if (leaves.length > limits.maxPages) throw new PageTreeError('too-many-pages', limits.maxPages);
      return;
    }
    onPath.add(key);
    for (let i = 0; i < kidsArray.size(); i += 1) visit(kidsArray.get(i), depth + 1);
    onPath.delete(key);
  };

  visit(rootRef as PDFObject, 0);
  if (leaves.length === 0) throw new PageTreeError('empty');
  return leaves;
}
