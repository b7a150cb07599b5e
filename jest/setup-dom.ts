import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// CI runs every project at once on 2 cores: lazy pages and antd can take more than the default 1 s to
// appear. Waiting longer changes no assertion, only how long a failing one takes to report.
configure({ asyncUtilTimeout: 8_000 });

// jsdom lacks what react-router 7 and antd expect from a browser.
Object.assign(globalThis, { TextEncoder, TextDecoder });

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverShim {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.assign(window, { ResizeObserver: ResizeObserverShim });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverShim });
}

// antd measures scrollbars through getComputedStyle with a pseudo element; jsdom does not support it.
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => realGetComputedStyle(elt);
